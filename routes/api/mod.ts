/**
 * The JSON API under `/api` (DESIGN §4): the middleware every call goes through, then each
 * area's router, mounted from one list. Hono tries routes in the order they are added, so
 * where two areas could match the same path the list's order decides; each such place says
 * why it is where it is.
 */
import { type Context, Hono, type Next } from "hono";
import { bodyLimit } from "hono/body-limit";
import { authenticate } from "../../lib/http/auth.ts";
import { resolveClientIp } from "../../lib/http/client_ip.ts";
import { crossSiteGuard } from "../../lib/http/csrf.ts";
import type { AppEnv } from "../../lib/http/env.ts";
import { accountPrincipals } from "../../services/accounts/principals.ts";
import { trustedOriginsOf, type WebDeps } from "../deps.ts";
import { announcementRoutes } from "./announcements.ts";
import { authRoutes } from "./auth.ts";
import { campaignRoutes, campaignSettingRoutes } from "./campaigns.ts";
import { chatRoutes } from "./chats.ts";
import { companyRoutes } from "./companies.ts";
import { contactListItemRoutes, contactListRoutes } from "./contact_lists.ts";
import { contactRoutes } from "./contacts.ts";
import { dashboardRoutes } from "./dashboard.ts";
import { externalSendRoutes } from "./external_send.ts";
import { fileRoutes } from "./files.ts";
import { helpRoutes } from "./helps.ts";
import { invoiceRoutes } from "./invoices.ts";
import { kanbanRoutes } from "./kanban.ts";
import { mediaRoutes } from "./media.ts";
import { messageRoutes } from "./messages.ts";
import { openApiRoutes } from "./openapi/routes.ts";
import { passwordResetRoutes } from "./password_reset.ts";
import { planRoutes } from "./plans.ts";
import { promptRoutes } from "./prompts.ts";
import { queueIntegrationRoutes } from "./queue_integrations.ts";
import { queueOptionRoutes, queueRoutes } from "./queues.ts";
import { quickMessageRoutes } from "./quick_messages.ts";
import { sandboxRoutes } from "./sandbox.ts";
import { scheduleRoutes } from "./schedules.ts";
import { settingRoutes } from "./settings.ts";
import { signupRoutes } from "./signup.ts";
import { subscriptionRoutes } from "./subscription.ts";
import { systemRoutes } from "./system.ts";
import { tagRoutes } from "./tags.ts";
import { ticketNoteRoutes } from "./ticket_notes.ts";
import { ticketRoutes } from "./tickets.ts";
import { userRoutes } from "./users.ts";
import { whatsappRoutes } from "./whatsapp.ts";

/** JSON bodies are small; uploads get their own, larger limit on their routes. */
const API_BODY_LIMIT_BYTES = 1024 * 1024;
/**
 * Multipart bodies (file uploads) skip the JSON limit, so that an upload route can allow
 * more with its own `bodyLimit`; this ceiling still holds for any route that forgets to.
 */
const MULTIPART_CEILING_BYTES = 64 * 1024 * 1024;

/** Media is what `<img>` and `<audio>` load, without headers: the one place for `?token=`. */
const QUERY_TOKEN_PATHS = ["/api/media/"];
/** What a past-due company's admin may still call: the session itself and paying. */
const PAST_DUE_PATHS = ["/api/auth", "/api/invoices", "/api/subscription", "/api/plans/list"];

/** Where each area's router is mounted under `/api`, in the order Hono tries them. */
function areaRouters(deps: WebDeps): ReadonlyArray<readonly [string, Hono<AppEnv>]> {
  return [
    ["/", systemRoutes(deps)],
    ["/", openApiRoutes()],
    ["/auth", authRoutes(deps)],
    // The public account routes come before the super user's /plans and /companies, so that
    // /plans/list is not taken for a plan id.
    ["/", signupRoutes(deps)],
    ["/", passwordResetRoutes(deps)],
    ["/users", userRoutes(deps)],
    ["/plans", planRoutes(deps)],
    ["/companies", companyRoutes(deps)],
    ["/helps", helpRoutes(deps)],
    ["/announcements", announcementRoutes(deps)],
    ["/chats", chatRoutes(deps)],
    ["/dashboard", dashboardRoutes(deps)],
    ["/settings", settingRoutes(deps)],
    ["/contacts", contactRoutes(deps)],
    ["/tags", tagRoutes(deps)],
    ["/quick-messages", quickMessageRoutes(deps)],
    ["/queue", queueRoutes(deps)],
    ["/queue-options", queueOptionRoutes(deps)],
    ["/prompt", promptRoutes(deps)],
    ["/queueIntegration", queueIntegrationRoutes(deps)],
    ["/media", mediaRoutes(deps)],
    ["/", whatsappRoutes(deps)],
    ["/", ticketRoutes(deps)],
    ["/schedules", scheduleRoutes(deps)],
    // Before /messages, whose routes take a ticket id where this one has "send".
    ["/", externalSendRoutes(deps)],
    ["/", kanbanRoutes(deps)],
    ["/messages", messageRoutes(deps)],
    ["/ticket-notes", ticketNoteRoutes(deps)],
    ["/", sandboxRoutes(deps)],
    ["/contact-lists", contactListRoutes(deps)],
    ["/contact-list-items", contactListItemRoutes(deps)],
    ["/campaigns", campaignRoutes(deps)],
    ["/campaign-settings", campaignSettingRoutes(deps)],
    ["/files", fileRoutes(deps)],
    ["/invoices", invoiceRoutes(deps)],
    ["/subscription", subscriptionRoutes(deps)],
  ];
}

/** Multipart bodies get the uploads' ceiling, anything else the JSON limit. */
function bodyLimits() {
  const json = bodyLimit({ maxSize: API_BODY_LIMIT_BYTES });
  const multipart = bodyLimit({ maxSize: MULTIPART_CEILING_BYTES });
  return (c: Context<AppEnv>, next: Next) =>
    (c.req.header("Content-Type") ?? "").startsWith("multipart/form-data")
      ? multipart(c, next)
      : json(c, next);
}

/** The whole API, to be mounted at `/api`. */
export function apiRoutes(deps: WebDeps): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  api.use(resolveClientIp(deps.trustProxy));
  api.use(bodyLimits());
  api.use(authenticate(accountPrincipals(deps.db), deps.jwtKey, {
    queryTokenPaths: QUERY_TOKEN_PATHS,
    limitedPaths: PAST_DUE_PATHS,
  }));
  // After authenticate: only a valid Bearer token exempts a call from the guard.
  api.use(crossSiteGuard(trustedOriginsOf(deps)));
  for (const [path, router] of areaRouters(deps)) api.route(path, router);
  return api;
}
