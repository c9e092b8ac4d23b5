/**
 * What the app frame shows where a page has nothing of its own: an address that does not exist,
 * and a menu area this installation does not offer yet. Pure markup, no island.
 */
import type { TFunction } from "../../lib/i18n/languages.ts";
import { ArrowLeftIcon, InfoIcon } from "../icons.tsx";
import { Button } from "../ui/Button.tsx";

function Notice(props: { eyebrow: string; title: string; text: string; back: string }) {
  return (
    <section class="mx-auto flex max-w-lg flex-col items-center px-2 py-16 text-center sm:py-24">
      <p class="inline-flex items-center gap-1.5 font-mono text-sm font-medium text-brand-700 dark:text-brand-300">
        <InfoIcon size={16} />
        {props.eyebrow}
      </p>
      <h1 class="mt-3 text-balance text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
        {props.title}
      </h1>
      <p class="mt-3 text-base text-fg-muted">{props.text}</p>
      <Button href="/" class="mt-8">
        <ArrowLeftIcon size={18} />
        {props.back}
      </Button>
    </section>
  );
}

export function NotFoundInFrame({ t }: { t: TFunction }) {
  return (
    <Notice
      eyebrow={t("notFound.code")}
      title={t("notFound.title")}
      text={t("notFound.text")}
      back={t("notFound.back")}
    />
  );
}

/** A menu area whose page this version does not have: said in the user's language. */
export function AreaNotReady({ t, area }: { t: TFunction; area: string }) {
  return (
    <Notice
      eyebrow={t("notFound.soonLabel")}
      title={area}
      text={t("notFound.soonText")}
      back={t("notFound.back")}
    />
  );
}
