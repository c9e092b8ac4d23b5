/**
 * The WhatsApp pages (core §2 admin section, DESIGN §7): /connections, and the simulator of
 * a sandbox connection at /connections/{id}/simulator. Admins only.
 */
import { Hono } from "hono";
import { ListPageHeading } from "../../components/lists/ListPageHeading.tsx";
import ConnectionsManager from "../../islands/ConnectionsManager.tsx";
import SandboxSimulator from "../../islands/SandboxSimulator.tsx";
import { ArrowLeftIcon } from "../../components/icons.tsx";
import type { AppEnv } from "../../lib/http/env.ts";
import { parseId } from "../../lib/http/params.ts";
import { isAdmin } from "../../services/accounts/permissions.ts";
import { listQueueChoices } from "../../services/users/user_queues.ts";
import { presentConnection } from "../../services/whatsapp/connection_rows.ts";
import { findConnection } from "../../services/whatsapp/connection_rows.ts";
import { listConnections } from "../../services/whatsapp/connections.ts";
import { customersOf } from "../../services/whatsapp/sandbox/store.ts";
import type { WebDeps } from "../deps.ts";
import { privatePage } from "./_private.tsx";

export function whatsappPages(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get("/connections", (c) =>
    privatePage(c, deps, {
      titleKey: "connections.title",
      extraI18nGroups: ["connections", "integrations"],
      render: async ({ user, session, t }) => {
        const [connections, queues] = await Promise.all([
          listConnections(deps.db, user.companyId),
          listQueueChoices(deps.db, user.companyId),
        ]);
        const admin = isAdmin(user);
        return (
          <div class="flex w-full flex-col gap-5">
            <ListPageHeading title={t("connections.title")} intro={t("connections.intro")} />
            <ConnectionsManager
              companyId={user.companyId}
              initial={connections.map((row) => presentConnection(row, { admin }))}
              queues={queues}
              canManage={admin}
              schedulesApply={session.settings.scheduleType === "company"}
            />
          </div>
        );
      },
    }));

  routes.get("/connections/:id{[0-9]+}/simulator", async (c) => {
    // An id no record can have (beyond the integer range) looks up 0, which is never found.
    const id = parseId(c.req.param("id")) ?? 0;
    let missing = false;
    const res = await privatePage(c, deps, {
      titleKey: "simulator.title",
      extraI18nGroups: ["connections", "simulator"],
      render: async ({ user, t }) => {
        const connection = await findConnection(deps.db, user.companyId, id);
        const back = (
          <a
            href="/connections"
            class="inline-flex items-center gap-1.5 text-sm text-fg-muted hover:text-fg"
          >
            <ArrowLeftIcon size={16} />
            {t("simulator.back")}
          </a>
        );
        if (!connection || connection.provider !== "sandbox") {
          missing = true;
          return (
            <div class="flex w-full flex-col gap-4">
              {back}
              <p class="text-fg-muted">{t("simulator.notSandbox")}</p>
            </div>
          );
        }
        const customers = await customersOf(deps.db, {
          companyId: user.companyId,
          connectionId: id,
        });
        return (
          <div class="flex w-full flex-col gap-5">
            {back}
            {/* The heading already says "Simulador": no badge beside it to squeeze the intro. */}
            <div>
              <h1 class="text-2xl font-semibold tracking-tight text-fg">
                {t("simulator.heading", { name: connection.name })}
              </h1>
              <p class="mt-1 max-w-2xl text-sm text-fg-muted">{t("simulator.intro")}</p>
            </div>
            <SandboxSimulator
              companyId={user.companyId}
              connection={{ id, name: connection.name, status: connection.status }}
              customers={customers.map((row) => ({ ...row, lastAt: row.lastAt.toISOString() }))}
            />
          </div>
        );
      },
    });
    // The page is still the shell's (the menu, a way back), answered as not found.
    return missing ? new Response(res.body, { status: 404, headers: res.headers }) : res;
  });

  return routes;
}
