/**
 * The shell's own pages: `/todolist`, and the 404 page for any unknown address outside `/api`
 * (inside the frame for a signed-in user). The other areas' pages are mounted before these
 * (routes/pages/mod.ts), since the catch-all here must come last.
 */
import { Hono } from "hono";
import { AreaNotReady, NotFoundInFrame } from "../../components/pages/FramedNotices.tsx";
import { NotFoundPage } from "../../components/pages/NotFoundPage.tsx";
import { menuLinkAt } from "../../components/shell/menu.ts";
import { TodoPage } from "../../components/pages/TodoPage.tsx";
import type { AppEnv } from "../../lib/http/env.ts";
import { i18nClientData } from "../../lib/i18n/mod.ts";
import type { WebDeps } from "../deps.ts";
import { privatePage } from "./_private.tsx";
import { respondWithPage } from "./_render.ts";
import { visitorOf } from "./_visitor.ts";

export function shellPages(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get("/todolist", (c) =>
    privatePage(c, deps, {
      titleKey: "todolist.title",
      extraI18nGroups: ["todolist"],
      render: ({ t }) => <TodoPage t={t} />,
    }));

  // Last: any other GET outside the API. A signed-in user stays inside the frame: a menu area
  // this version has no page for says so, anything else is the translated 404. A visitor gets
  // the standalone 404 page (an unknown address never asks to sign in).
  routes.get("*", (c) => {
    const path = new URL(c.req.url).pathname;
    const signedOut = async () => {
      const visitor = await visitorOf(c);
      return respondWithPage(c, <NotFoundPage {...visitor} />, {
        clientData: { i18n: i18nClientData(visitor.lang) },
        status: 404,
      });
    };
    const area = menuLinkAt(path);
    if (area) {
      return privatePage(c, deps, {
        titleKey: `menu.items.${area.id}`,
        render: ({ t }) => <AreaNotReady t={t} area={t(`menu.items.${area.id}`)} />,
      });
    }
    return privatePage(c, deps, {
      titleKey: "notFound.title",
      status: 404,
      signedOut,
      render: ({ t }) => <NotFoundInFrame t={t} />,
    });
  });

  return routes;
}
