/** What every page needs to know about the visitor before rendering: language, theme, assets. */
import type { Context } from "hono";
import type { AppEnv } from "../../lib/http/env.ts";
import { createT, type Lang, languageFromRequest, type TFunction } from "../../lib/i18n/mod.ts";
import { type Theme, themeFromCookie } from "../../lib/ui/theme.ts";
import { pageAssets } from "./_render.ts";

export interface Visitor {
  lang: Lang;
  theme: Theme;
  t: TFunction;
  cssHref: string;
}

export async function visitorOf(c: Context<AppEnv>): Promise<Visitor> {
  const cookies = c.req.header("Cookie");
  const lang = languageFromRequest(cookies, c.req.header("Accept-Language"));
  const assets = await pageAssets();
  return { lang, theme: themeFromCookie(cookies), t: createT(lang), cssHref: assets.css };
}
