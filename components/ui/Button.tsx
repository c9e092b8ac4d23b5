/**
 * The one button of the app. `href` turns it into a link that looks the same (for
 * navigation, never for actions); `loading` keeps its width, shows a spinner and blocks
 * clicks while a request runs.
 */
import type { ComponentChildren, JSX } from "preact";
import { cx } from "./cx.ts";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md" | "lg" | "icon";

interface CommonProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
  /** Extra classes for layout (width, margins), not for restyling the variant. */
  class?: string;
  children?: ComponentChildren;
}

export type ButtonProps =
  & CommonProps
  & (
    | ({ href?: undefined } & Omit<JSX.ButtonHTMLAttributes<HTMLButtonElement>, "size" | "class">)
    | ({ href: string } & Omit<JSX.AnchorHTMLAttributes<HTMLAnchorElement>, "size" | "class">)
  );

const BASE =
  "relative inline-flex shrink-0 select-none items-center justify-center gap-2 whitespace-nowrap font-medium " +
  "transition-colors duration-150 disabled:pointer-events-none disabled:opacity-55 " +
  "aria-disabled:pointer-events-none aria-disabled:opacity-55";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-brand-600 text-white shadow-sm hover:bg-brand-700 active:bg-brand-800 " +
    "dark:bg-brand-500 dark:text-brand-950 dark:hover:bg-brand-400",
  secondary: "border border-line-strong bg-surface text-fg shadow-sm hover:bg-surface-muted " +
    "active:bg-surface-sunken",
  ghost: "text-fg-muted hover:bg-surface-muted hover:text-fg active:bg-surface-sunken",
  danger: "bg-red-600 text-white shadow-sm hover:bg-red-700 active:bg-red-800 " +
    "dark:bg-red-500 dark:hover:bg-red-400 dark:text-red-950",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "h-8 rounded-lg px-3 text-[13px]",
  md: "h-10 rounded-lg px-4 text-sm",
  lg: "h-12 rounded-xl px-5 text-[15px]",
  icon: "size-10 rounded-lg",
};

export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md"): string {
  return cx(BASE, VARIANTS[variant], SIZES[size]);
}

export function Button(props: ButtonProps) {
  const { variant = "primary", size = "md", loading = false, class: extra, children, ...rest } =
    props;
  const classes = cx(buttonClasses(variant, size), extra);
  const content = (
    <>
      {loading && <Spinner />}
      <span class={cx("inline-flex items-center gap-2", loading && "opacity-90")}>{children}</span>
    </>
  );

  if (typeof rest.href === "string") {
    const anchor = rest as JSX.AnchorHTMLAttributes<HTMLAnchorElement>;
    return (
      <a {...anchor} class={classes} aria-busy={loading || undefined}>
        {content}
      </a>
    );
  }
  const button = rest as JSX.ButtonHTMLAttributes<HTMLButtonElement>;
  return (
    <button
      type="button"
      {...button}
      class={classes}
      disabled={Boolean(button.disabled) || loading}
      aria-busy={loading || undefined}
    >
      {content}
    </button>
  );
}

function Spinner() {
  return (
    <svg class="size-4 animate-spin" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="9" stroke="currentColor" stroke-opacity="0.25" stroke-width="3" />
      <path
        d="M21 12a9 9 0 0 0-9-9"
        stroke="currentColor"
        stroke-width="3"
        stroke-linecap="round"
      />
    </svg>
  );
}
