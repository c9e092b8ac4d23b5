/**
 * The API's areas: where each area's router is mounted under `/api`, with its routes' docs
 * (the OpenAPI registry merges them). Hono tries routes in the order they are added, so
 * where two areas could match the same path the order of this list decides; each such place
 * says why it is where it is.
 */
import type { Hono } from "hono";
import type { AppEnv } from "../../lib/http/env.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";
import type { WebDeps } from "../deps.ts";
import { announcementDocs, announcementRoutes } from "./announcements.ts";
import { authDocs, authRoutes } from "./auth.ts";
import {
  campaignDocs,
  campaignRoutes,
  campaignSettingDocs,
  campaignSettingRoutes,
} from "./campaigns.ts";
import { chatDocs, chatRoutes } from "./chats.ts";
import { companyDocs, companyRoutes } from "./companies.ts";
import {
  contactListDocs,
  contactListItemDocs,
  contactListItemRoutes,
  contactListRoutes,
} from "./contact_lists.ts";
import { contactDocs, contactRoutes } from "./contacts.ts";
import { dashboardDocs, dashboardRoutes } from "./dashboard.ts";
import { externalSendDocs, externalSendRoutes } from "./external_send.ts";
import { fileDocs, fileRoutes } from "./files.ts";
import { helpDocs, helpRoutes } from "./helps.ts";
import { invoiceDocs, invoiceRoutes } from "./invoices.ts";
import { kanbanDocs, kanbanRoutes } from "./kanban.ts";
import { mediaDocs, mediaRoutes } from "./media.ts";
import { messageDocs, messageRoutes } from "./messages.ts";
import { passwordResetDocs, passwordResetRoutes } from "./password_reset.ts";
import { planDocs, planRoutes } from "./plans.ts";
import { promptDocs, promptRoutes } from "./prompts.ts";
import { queueIntegrationDocs, queueIntegrationRoutes } from "./queue_integrations.ts";
import { queueOptionDocs, queueOptionRoutes } from "./queue_options.ts";
import { queueDocs, queueRoutes } from "./queues.ts";
import { quickMessageDocs, quickMessageRoutes } from "./quick_messages.ts";
import { sandboxDocs, sandboxRoutes } from "./sandbox.ts";
import { scheduleDocs, scheduleRoutes } from "./schedules.ts";
import { settingDocs, settingRoutes } from "./settings.ts";
import { signupDocs, signupRoutes } from "./signup.ts";
import { subscriptionDocs, subscriptionRoutes } from "./subscription.ts";
import { systemDocs, systemRoutes } from "./system.ts";
import { tagDocs, tagRoutes } from "./tags.ts";
import { ticketNoteDocs, ticketNoteRoutes } from "./ticket_notes.ts";
import { ticketDocs, ticketRoutes } from "./tickets.ts";
import { userDocs, userRoutes } from "./users.ts";
import { whatsappDocs, whatsappRoutes } from "./whatsapp.ts";

export interface ApiArea {
  /** Where the router is mounted under `/api`. */
  path: string;
  routes: (deps: WebDeps) => Hono<AppEnv>;
  /** Its routes' docs, keyed as the router registers them ("GET /:id{[0-9]+}"). */
  docs: RouteDocs;
}

export const API_AREAS: readonly ApiArea[] = [
  { path: "/", routes: systemRoutes, docs: systemDocs },
  { path: "/auth", routes: authRoutes, docs: authDocs },
  // The public account routes come before the super user's /plans and /companies, so that
  // /plans/list is not taken for a plan id.
  { path: "/", routes: signupRoutes, docs: signupDocs },
  { path: "/", routes: passwordResetRoutes, docs: passwordResetDocs },
  { path: "/users", routes: userRoutes, docs: userDocs },
  { path: "/plans", routes: planRoutes, docs: planDocs },
  { path: "/companies", routes: companyRoutes, docs: companyDocs },
  { path: "/helps", routes: helpRoutes, docs: helpDocs },
  { path: "/announcements", routes: announcementRoutes, docs: announcementDocs },
  { path: "/chats", routes: chatRoutes, docs: chatDocs },
  { path: "/dashboard", routes: dashboardRoutes, docs: dashboardDocs },
  { path: "/settings", routes: settingRoutes, docs: settingDocs },
  { path: "/contacts", routes: contactRoutes, docs: contactDocs },
  { path: "/tags", routes: tagRoutes, docs: tagDocs },
  { path: "/quick-messages", routes: quickMessageRoutes, docs: quickMessageDocs },
  { path: "/queue", routes: queueRoutes, docs: queueDocs },
  { path: "/queue-options", routes: queueOptionRoutes, docs: queueOptionDocs },
  { path: "/prompt", routes: promptRoutes, docs: promptDocs },
  { path: "/queueIntegration", routes: queueIntegrationRoutes, docs: queueIntegrationDocs },
  { path: "/media", routes: mediaRoutes, docs: mediaDocs },
  { path: "/", routes: whatsappRoutes, docs: whatsappDocs },
  { path: "/", routes: ticketRoutes, docs: ticketDocs },
  { path: "/schedules", routes: scheduleRoutes, docs: scheduleDocs },
  // Before /messages, whose routes take a ticket id where this one has "send".
  { path: "/", routes: externalSendRoutes, docs: externalSendDocs },
  { path: "/", routes: kanbanRoutes, docs: kanbanDocs },
  { path: "/messages", routes: messageRoutes, docs: messageDocs },
  { path: "/ticket-notes", routes: ticketNoteRoutes, docs: ticketNoteDocs },
  { path: "/", routes: sandboxRoutes, docs: sandboxDocs },
  { path: "/contact-lists", routes: contactListRoutes, docs: contactListDocs },
  { path: "/contact-list-items", routes: contactListItemRoutes, docs: contactListItemDocs },
  { path: "/campaigns", routes: campaignRoutes, docs: campaignDocs },
  { path: "/campaign-settings", routes: campaignSettingRoutes, docs: campaignSettingDocs },
  { path: "/files", routes: fileRoutes, docs: fileDocs },
  { path: "/invoices", routes: invoiceRoutes, docs: invoiceDocs },
  { path: "/subscription", routes: subscriptionRoutes, docs: subscriptionDocs },
];
