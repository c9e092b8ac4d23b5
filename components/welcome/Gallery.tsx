/** A compact tour of the base components, so both themes and languages can be judged at a glance. */
import type { ComponentChildren } from "preact";
import { ChatIcon, CheckIcon } from "../icons.tsx";
import { Badge } from "../ui/Badge.tsx";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { Input } from "../ui/Input.tsx";
import { Select } from "../ui/Select.tsx";
import { Toast } from "../ui/Toast.tsx";
import type { Lang, TFunction } from "../../lib/i18n/languages.ts";
import { type SampleTab, TicketsSample } from "./TicketsSample.tsx";

export interface GalleryProps {
  t: TFunction;
  lang: Lang;
  tab: SampleTab;
}

export function Gallery({ t, lang, tab }: GalleryProps) {
  return (
    <section aria-labelledby="gallery-title" class="mt-14">
      <h2 id="gallery-title" class="text-xl font-semibold tracking-tight text-fg">
        {t("welcome.galleryTitle")}
      </h2>
      <p class="mt-1 max-w-2xl text-sm text-fg-muted">{t("welcome.galleryIntro")}</p>

      <div class="mt-6 grid gap-6 lg:grid-cols-2">
        <Card title={t("gallery.buttons")} class="lg:col-span-2">
          <Row>
            <Button>
              <ChatIcon size={16} />
              {t("gallery.primary")}
            </Button>
            <Button variant="secondary">{t("gallery.secondary")}</Button>
            <Button variant="ghost">{t("gallery.ghost")}</Button>
            <Button variant="danger">{t("gallery.danger")}</Button>
            <span class="mx-1 hidden h-6 w-px bg-line sm:block" aria-hidden="true" />
            <Button loading>{t("gallery.loading")}</Button>
            <Button variant="secondary" size="sm">{t("gallery.small")}</Button>
            <Button size="lg">
              <CheckIcon size={18} />
              {t("gallery.large")}
            </Button>
            <Button
              variant="ghost"
              href="#gallery-title"
              class="underline-offset-4 hover:underline"
            >
              {t("gallery.link")}
            </Button>
          </Row>
        </Card>

        <Card title={t("gallery.fields")}>
          <div class="grid gap-4 sm:grid-cols-2">
            <Input
              id="sample-name"
              label={t("gallery.contactName")}
              placeholder={t("gallery.contactNamePlaceholder")}
              hint={t("gallery.contactNameHint")}
              class="flex flex-col gap-1.5 sm:col-span-2"
            />
            <Input
              id="sample-phone"
              label={t("gallery.phone")}
              value="1199"
              inputMode="tel"
              required
              error={t("gallery.phoneError")}
            />
            <Select
              id="sample-queue"
              label={t("gallery.queue")}
              value="sales"
              options={[
                { value: "support", label: t("gallery.queueSupport") },
                { value: "sales", label: t("gallery.queueSales") },
                { value: "billing", label: t("gallery.queueBilling") },
              ]}
            />
          </div>
        </Card>

        <div class="flex min-w-0 flex-col gap-6">
          <Card title={t("gallery.badges")}>
            <Row>
              <Badge tone="warning" dot>{t("gallery.statusPending")}</Badge>
              <Badge tone="brand" dot>{t("gallery.statusOpen")}</Badge>
              <Badge tone="neutral" dot>{t("gallery.statusClosed")}</Badge>
              <Badge tone="info">{t("gallery.newMessages", { count: 3 })}</Badge>
              <Badge tone="success">{t("gallery.tagVip")}</Badge>
              <Badge tone="danger" dot>{t("gallery.connectionDown")}</Badge>
            </Row>
          </Card>

          <Card title={t("gallery.toasts")}>
            <div class="flex flex-col gap-2">
              <Toast tone="success" message={t("gallery.toastSaved")} />
              <Toast tone="error" message={t("errors.ERR_NO_PERMISSION")} />
            </div>
          </Card>
        </div>

        <Card title={t("gallery.tabs")} class="lg:col-span-2">
          <TicketsSample tab={tab} t={t} lang={lang} />
        </Card>
      </div>
    </section>
  );
}

function Row({ class: extra, children }: { class?: string; children: ComponentChildren }) {
  return <div class={`flex flex-wrap items-center gap-2 ${extra ?? ""}`}>{children}</div>;
}
