/**
 * The /settings page body (admin §2): Options for everyone; Schedules for admins while the
 * company's hours are "Por empresa"; Companies, Plans and Help for the super user. The
 * chosen tab is kept in the address (`?tab=plans`) so a reload or a shared link opens it,
 * and switching "Agendamento de expediente" shows or hides Schedules at once.
 */
import { useEffect, useState } from "preact/hooks";
import { CompaniesPanel } from "./admin/CompaniesPanel.tsx";
import { HelpsPanel } from "./admin/HelpsPanel.tsx";
import { PlansPanel } from "./admin/PlansPanel.tsx";
import { OptionsPanel, type SettingValues } from "./settings/OptionsPanel.tsx";
import { SchedulesPanel } from "./settings/SchedulesPanel.tsx";
import { CredentialsPanel } from "./settings/CredentialsPanel.tsx";
import { type SettingsTab, visibleTabs } from "../components/settings/settings_tabs.ts";
import { type TabItem, TabPanel, Tabs } from "../components/ui/Tabs.tsx";
import { useT } from "../lib/i18n/client.ts";
import type { OpeningHoursDay } from "../services/companies/weekdays.ts";

export interface SettingsTabsProps {
  /** The company's options as `GET /api/settings` answers them. */
  settings: { key: string; value: string }[];
  /** The ISP credentials, masked (admins only; empty otherwise). */
  credentials: { key: string; value: string }[];
  companyId: number;
  /** The company's saved opening hours (for admins; empty otherwise). */
  schedules: OpeningHoursDay[];
  isAdmin: boolean;
  isSuper: boolean;
  /** From `?tab=`; a tab the viewer may not see falls back to Options. */
  initialTab?: string;
}

const ID_BASE = "settings";

export default function SettingsTabs(props: SettingsTabsProps) {
  const t = useT();
  const [values, setValues] = useState<SettingValues>(() =>
    Object.fromEntries(props.settings.map((s) => [s.key, s.value]))
  );
  const tabs = visibleTabs(props, values.scheduleType);
  const [selected, setSelected] = useState<string>(props.initialTab ?? "options");
  const current: SettingsTab = tabs.find((tab) => tab === selected) ?? "options";

  useEffect(() => {
    const url = new URL(globalThis.location.href);
    if (current === "options") url.searchParams.delete("tab");
    else url.searchParams.set("tab", current);
    if (url.href !== globalThis.location.href) globalThis.history.replaceState(null, "", url);
  }, [current]);

  const items: TabItem[] = tabs.map((id) => ({ id, label: t(`settings.tabs.${id}`) }));
  return (
    <div class="flex flex-col gap-5">
      <Tabs
        idBase={ID_BASE}
        label={t("settings.tabsLabel")}
        tabs={items}
        selected={current}
        onSelect={setSelected}
      />
      <TabPanel idBase={ID_BASE} tab={current} class="focus-visible:outline-none">
        {current === "options" && (
          <div class="flex flex-col gap-8">
            <OptionsPanel
              values={values}
              canEdit={props.isAdmin}
              onSaved={(key, value) => setValues((all) => ({ ...all, [key]: value }))}
            />
            {props.isAdmin && (
              <CredentialsPanel
                masks={Object.fromEntries(props.credentials.map((c) => [c.key, c.value]))}
              />
            )}
          </div>
        )}
        {current === "schedules" && (
          <SchedulesPanel companyId={props.companyId} schedules={props.schedules} />
        )}
        {current === "companies" && <CompaniesPanel />}
        {current === "plans" && <PlansPanel />}
        {current === "helps" && <HelpsPanel />}
      </TabPanel>
    </div>
  );
}
