/**
 * Every page, one module per screen area (named like the services area it shows). The
 * public pages come first and the shell's last: its catch-all answers the HTML 404 for any
 * address no area has.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../lib/http/env.ts";
import type { WebDeps } from "../deps.ts";
import { accountsPages } from "./accounts.tsx";
import { announcementsPages } from "./announcements.tsx";
import { billingPages } from "./billing.tsx";
import { campaignsPages } from "./campaigns.tsx";
import { chatsPages } from "./chats.tsx";
import { contactListsPages } from "./contact_lists.tsx";
import { contactsPages } from "./contacts.tsx";
import { dashboardPages } from "./dashboard.tsx";
import { externalApiPages } from "./external_api.tsx";
import { filesPages } from "./files.tsx";
import { helpsPages } from "./helps.tsx";
import { integrationsPages } from "./integrations.tsx";
import { promptsPages } from "./prompts.tsx";
import { queuesPages } from "./queues.tsx";
import { quickMessagesPages } from "./quick_messages.tsx";
import { schedulesPages } from "./schedules.tsx";
import { settingsPages } from "./settings.tsx";
import { shellPages } from "./shell.tsx";
import { tagsPages } from "./tags.tsx";
import { ticketsPages } from "./tickets.tsx";
import { usersPages } from "./users.tsx";
import { whatsappPages } from "./whatsapp.tsx";

/** The screen areas between the public pages and the shell's catch-all (any order). */
const AREAS = [
  dashboardPages,
  ticketsPages,
  quickMessagesPages,
  contactsPages,
  schedulesPages,
  tagsPages,
  chatsPages,
  helpsPages,
  campaignsPages,
  contactListsPages,
  announcementsPages,
  promptsPages,
  integrationsPages,
  whatsappPages,
  filesPages,
  queuesPages,
  usersPages,
  externalApiPages,
  billingPages,
  settingsPages,
];

export function pageRoutes(deps: WebDeps): Hono<AppEnv> {
  const pages = new Hono<AppEnv>();
  pages.route("/", accountsPages(deps));
  for (const area of AREAS) pages.route("/", area(deps));
  pages.route("/", shellPages(deps));
  return pages;
}
