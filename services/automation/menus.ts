/**
 * The texts of the queue chatbot's menus (core §3, anchor §4.4–4.5 without the invisible
 * markers): an introduction (the connection's or queue's greeting, or a node's message),
 * then one `*[ n ]* - Title` line per choice, then the way back. Pure; the words come from
 * locales/<lang>/automation.json.
 */
import type { TFunction } from "../../lib/i18n/mod.ts";

export interface MenuChoice {
  /** What the customer types. */
  key: string;
  title: string;
}

export interface MenuText {
  intro: string;
  choices: MenuChoice[];
  /** Offer "0" for the previous level. */
  back?: boolean;
  /** Offer "#" for the main menu. */
  home?: boolean;
  /** Put the "invalid option" line first. */
  invalid?: boolean;
}

export function menuText(t: TFunction, menu: MenuText): string {
  const lines = menu.choices.map((choice) =>
    t("automation.menuLine", { option: choice.key, title: choice.title })
  );
  if (menu.back) lines.push(t("automation.menuBack"));
  if (menu.home) lines.push(t("automation.menuHome"));
  const intro = menu.intro.trim() || t("automation.menuIntro");
  const parts = [intro, lines.join("\n")];
  if (menu.invalid) parts.unshift(t("automation.invalidOption"));
  return parts.filter(Boolean).join("\n\n");
}

/** The choice the customer's text names: the same key, ignoring case and spaces. */
export function chosen<T extends MenuChoice>(choices: readonly T[], text: string): T | undefined {
  const typed = text.trim().toLowerCase();
  if (!typed) return undefined;
  return choices.find((choice) => choice.key.trim().toLowerCase() === typed);
}
