/** Light and dark themes: the `theme` cookie decides, the server renders the class, no flash. */
import { readCookie } from "./cookies.ts";

export type Theme = "light" | "dark";
export const THEME_COOKIE = "theme";

/** The theme stored in the request's cookies; light when unset or unknown. */
export function themeFromCookie(cookieHeader: string | null | undefined): Theme {
  return readCookie(cookieHeader, THEME_COOKIE) === "dark" ? "dark" : "light";
}
