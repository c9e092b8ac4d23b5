/** The installation's vital signs on the welcome page: version, database, health. */
import type { ComponentChildren } from "preact";
import { CheckIcon, DatabaseIcon, TagIcon } from "../icons.tsx";
import { AlertIcon } from "../icons.tsx";
import { Badge } from "../ui/Badge.tsx";
import { Card } from "../ui/Card.tsx";
import type { TFunction } from "../../lib/i18n/languages.ts";

export interface InstallationStatus {
  version: string;
  databaseKind: "embedded" | "server";
  healthy: boolean;
}

export function StatusCard({ status, t }: { status: InstallationStatus; t: TFunction }) {
  return (
    <Card title={t("welcome.statusTitle")} description={t("welcome.statusIntro")}>
      <dl class="divide-y divide-line overflow-hidden rounded-xl border border-line">
        <Row icon={<TagIcon size={18} />} label={t("welcome.version")}>
          <span class="font-mono text-[13px]">v{status.version}</span>
        </Row>
        <Row icon={<DatabaseIcon size={18} />} label={t("welcome.database")}>
          {t(
            status.databaseKind === "server"
              ? "welcome.databaseServer"
              : "welcome.databaseEmbedded",
          )}
        </Row>
        <Row
          icon={status.healthy ? <CheckIcon size={18} /> : <AlertIcon size={18} />}
          label={t("welcome.health")}
        >
          <span data-health={status.healthy ? "ok" : "down"}>
            <Badge tone={status.healthy ? "success" : "danger"} dot>
              {t(status.healthy ? "welcome.healthy" : "welcome.unhealthy")}
            </Badge>
          </span>
        </Row>
      </dl>
    </Card>
  );
}

function Row(
  { icon, label, children }: {
    icon: ComponentChildren;
    label: string;
    children: ComponentChildren;
  },
) {
  return (
    <div class="flex items-center gap-3 bg-surface px-4 py-3">
      <span class="grid size-8 shrink-0 place-items-center rounded-lg bg-surface-muted text-fg-muted">
        {icon}
      </span>
      <dt class="flex-1 text-sm text-fg-muted">{label}</dt>
      <dd class="text-right text-sm font-medium text-fg">{children}</dd>
    </div>
  );
}
