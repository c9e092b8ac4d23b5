/**
 * "Primeiros passos" for admins: what makes a company ready to answer customers, each step
 * ticked from the company's data (services/dashboard/readiness.ts): a number paired, a queue
 * created, a first ticket answered; the team step is optional. Once the three are done the
 * dashboard takes this page's place.
 */
import type { ComponentType } from "preact";
import type { TFunction } from "../../lib/i18n/languages.ts";
import { ChatIcon, CheckIcon, type IconProps, PhoneIcon, UsersIcon } from "../icons.tsx";
import type { Readiness } from "../../services/dashboard/readiness.ts";
import { Badge } from "../ui/Badge.tsx";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { cx } from "../ui/cx.ts";
import { FlowIcon } from "../shell/icons.tsx";

interface Step {
  id: "connections" | "queues" | "answer" | "team";
  href: string;
  icon: ComponentType<IconProps>;
  done: boolean;
  values?: Record<string, unknown>;
}

export interface GettingStartedProps {
  t: TFunction;
  readiness: Readiness;
  teamSize: number;
}

export function GettingStarted({ t, readiness, teamSize }: GettingStartedProps) {
  const steps: Step[] = [
    {
      id: "connections",
      href: "/connections",
      icon: PhoneIcon,
      done: readiness.connectionPaired,
    },
    { id: "queues", href: "/queues", icon: FlowIcon, done: readiness.queueCreated },
    { id: "answer", href: "/tickets", icon: ChatIcon, done: readiness.ticketAnswered },
    {
      id: "team",
      href: "/users",
      icon: UsersIcon,
      done: teamSize > 1,
      values: { count: teamSize },
    },
  ];
  return (
    <Card title={t("home.steps.title")} description={t("home.steps.intro")}>
      <ol class="-my-2 divide-y divide-line">
        {steps.map(({ id, href, icon: Icon, done, values }, index) => (
          <li key={id} class="flex flex-wrap items-center gap-x-4 gap-y-2 py-3.5" data-step={id}>
            <span
              class={cx(
                "grid size-9 shrink-0 place-items-center rounded-full text-sm font-semibold",
                done
                  ? "bg-brand-600 text-white dark:bg-brand-500 dark:text-brand-950"
                  : "bg-surface-sunken text-fg-muted",
              )}
              aria-hidden="true"
            >
              {done ? <CheckIcon size={18} /> : index + 1}
            </span>
            <div class="min-w-0 flex-1 basis-56">
              <p class="text-sm font-semibold text-fg">
                <Icon size={16} class="mr-1.5 inline-block align-[-3px] text-fg-subtle" />
                {t(`home.steps.${id}.title`)}
                {done && (
                  <Badge tone="success" class="ml-2 align-middle">{t("home.steps.done")}</Badge>
                )}
              </p>
              <p class="mt-0.5 text-[13px] text-fg-muted">{t(`home.steps.${id}.text`, values)}</p>
            </div>
            <Button href={href} variant="secondary" size="sm" class="ml-13 sm:ml-0">
              {t(`home.steps.${id}.action`)}
            </Button>
          </li>
        ))}
      </ol>
    </Card>
  );
}
