/**
 * The HTML pages: `/` (the welcome page for now) and the 404 page for any unknown address
 * outside `/api`. Each page reads the `lang` and `theme` cookies, so the server renders the
 * right language and colours from the first byte.
 */
import { type Context, Hono } from "hono";
import type { VNode } from "preact";
import { NotFoundPage } from "../components/pages/NotFoundPage.tsx";
import { WelcomePage } from "../components/pages/WelcomePage.tsx";
import type { InstallationStatus } from "../components/welcome/StatusCard.tsx";
import { SAMPLE_TABS, type SampleTab } from "../components/welcome/TicketsSample.tsx";
import { type Db, sql } from "../lib/db/mod.ts";
import type { AppEnv } from "../lib/http/env.ts";
import {
  createT,
  i18nClientData,
  type Lang,
  languageFromRequest,
  type TFunction,
} from "../lib/i18n/mod.ts";
import { type Theme, themeFromCookie } from "../lib/ui/theme.ts";
import { VERSION } from "../lib/version.ts";
import { pageAssets, respondWithPage } from "./_render.ts";
import type { PageSessionDeps } from "./_session.ts";

export interface PageDeps extends PageSessionDeps {
  db: Db;
}

/** What every page needs to know about the visitor. */
interface Visitor {
  lang: Lang;
  theme: Theme;
  t: TFunction;
  cssHref: string;
}

async function visitorOf(c: Context<AppEnv>): Promise<Visitor> {
  const cookies = c.req.header("Cookie");
  const lang = languageFromRequest(cookies, c.req.header("Accept-Language"));
  const assets = await pageAssets();
  return { lang, theme: themeFromCookie(cookies), t: createT(lang), cssHref: assets.css };
}

function respond(c: Context<AppEnv>, visitor: Visitor, page: VNode, status: 200 | 404 = 200) {
  return respondWithPage(c, page, { clientData: { i18n: i18nClientData(visitor.lang) }, status });
}

async function installationStatus(db: Db): Promise<InstallationStatus> {
  let healthy = true;
  try {
    await db.query(sql`select 1`);
  } catch (err) {
    console.error("welcome page: database unreachable:", err);
    healthy = false;
  }
  return { version: VERSION, databaseKind: db.kind, healthy };
}

export function pageRoutes(deps: PageDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get("/", async (c) => {
    const visitor = await visitorOf(c);
    const requested = c.req.query("tab");
    const tab: SampleTab = SAMPLE_TABS.find((id) => id === requested) ?? "open";
    const status = await installationStatus(deps.db);
    return respond(c, visitor, <WelcomePage {...visitor} status={status} tab={tab} />);
  });

  // Last: any other GET outside the API is a page that does not exist.
  routes.get("*", async (c) => {
    const visitor = await visitorOf(c);
    return respond(c, visitor, <NotFoundPage {...visitor} />, 404);
  });

  return routes;
}
