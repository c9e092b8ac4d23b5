/**
 * Switches between light and dark. It flips the `dark` class on <html> at once and keeps
 * the choice in the `theme` cookie, which the server reads to render the next page in the
 * right theme from the first byte (no flash of the wrong colours).
 */
import { useState } from "preact/hooks";
import { MoonIcon, SunIcon } from "../components/icons.tsx";
import { buttonClasses } from "../components/ui/Button.tsx";
import { useT } from "../lib/i18n/client.ts";
import { preferenceCookie } from "../lib/ui/cookies.ts";
import { type Theme, THEME_COOKIE } from "../lib/ui/theme.ts";

export interface ThemeToggleProps {
  /** The theme the server rendered. */
  initial: Theme;
}

export default function ThemeToggle({ initial }: ThemeToggleProps) {
  const t = useT();
  const [theme, setTheme] = useState<Theme>(initial);
  const next: Theme = theme === "dark" ? "light" : "dark";
  const label = t(next === "dark" ? "theme.switchToDark" : "theme.switchToLight");

  function toggle() {
    document.documentElement.classList.toggle("dark", next === "dark");
    document.cookie = preferenceCookie(THEME_COOKIE, next);
    setTheme(next);
  }

  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={label}
      title={label}
      data-theme={theme}
      class={buttonClasses("ghost", "icon")}
    >
      {theme === "dark" ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
