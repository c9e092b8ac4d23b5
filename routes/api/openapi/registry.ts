/**
 * Every `/api` route with what it does and the very schemas its handler validates with
 * (lib/http/openapi.ts turns them into the OpenAPI document). Keyed as Hono registers the
 * route, so tests/api/openapi_test.ts fails when a route is added without its entry here.
 */
import { z } from "zod";
import { ListQuery } from "../../../lib/http/list_query.ts";
import type { RouteDocs } from "../../../lib/http/openapi.ts";
import {
  CreateConnectionBody,
  ListConnectionsQuery,
  UpdateConnectionBody,
} from "../../../services/whatsapp/connection_input.ts";
import { CreateUserBody, ListUsersQuery, UpdateUserBody } from "../../../services/users/schemas.ts";
import * as announcements from "../announcements.ts";
import * as auth from "../auth.ts";
import * as campaigns from "../campaigns.ts";
import * as chats from "../chats.ts";
import * as companies from "../companies.ts";
import * as contactLists from "../contact_lists.ts";
import * as contacts from "../contacts.ts";
import * as dashboard from "../dashboard.ts";
import * as externalSend from "../external_send.ts";
import * as files from "../files.ts";
import * as helps from "../helps.ts";
import * as invoices from "../invoices.ts";
import * as messages from "../messages.ts";
import * as passwordReset from "../password_reset.ts";
import * as plans from "../plans.ts";
import * as prompts from "../prompts.ts";
import * as queues from "../queues.ts";
import * as queueIntegrations from "../queue_integrations.ts";
import * as quickMessages from "../quick_messages.ts";
import * as sandbox from "../sandbox.ts";
import * as schedules from "../schedules.ts";
import * as settings from "../settings.ts";
import * as signup from "../signup.ts";
import * as subscription from "../subscription.ts";
import * as tags from "../tags.ts";
import * as ticketNotes from "../ticket_notes.ts";
import * as tickets from "../tickets.ts";

const ID = "{[0-9]+}";
const SYSTEM = "system";
const INTEGRATORS = "integrators";
const ADMIN = "Admins of the company only.";
const SUPER = "The super user only.";
const ATTACH = "Attaches one file (multipart `file`), replacing the one before.";
/** The signed link's query of a media file (lib/media/signed_url.ts). */
const SignedLink = z.object({ expires: z.string().optional(), signature: z.string().optional() });

const SEND_API = "The integrators' API (plan flag useExternalApi): signed in by the " +
  "connection's token, 60 calls a minute per token (429 with Retry-After beyond), an " +
  "`Idempotency-Key` header answers a repeated call as the first and sends nothing. The " +
  "number is normalised and checked on WhatsApp (400 ERR_INVALID_NUMBER); a disconnected " +
  "connection answers 409 ERR_WAPP_NOT_CONNECTED. Answers " +
  '`{mensagem: "Mensagem enviada", messageId, messageIds, ticketId}`.';

export const API_DOCS: RouteDocs = {
  "POST /api/messages/send": {
    summary: "Send a message to a number (integrators; the path Whaticket integrators call)",
    description: `${SEND_API} Multipart sends \`medias\` (up to 10 files, the text on the first).`,
    access: "connection",
    tag: INTEGRATORS,
    body: externalSend.SendBody,
    files: ["medias"],
  },
  "POST /api/send": {
    summary: "Send a message to a number (integrators)",
    description: `${SEND_API} The same as POST /api/messages/send.`,
    access: "connection",
    tag: INTEGRATORS,
    body: externalSend.SendBody,
    files: ["medias"],
  },
  [`GET /api/messages/send/:messageId${ID}`]: {
    summary: "A message sent through the API, with its acks",
    description: "ack: 0 queued, 1 sent, 2 reached the server, 3 delivered, 4 read, 5 played.",
    access: "connection",
    tag: INTEGRATORS,
  },

  "GET /api/openapi.json": {
    tag: SYSTEM,
    summary: "This document (OpenAPI 3.1)",
    access: "public",
  },
  "GET /api/docs": {
    tag: SYSTEM,
    summary: "The interactive reference of this document",
    access: "public",
  },
  "GET /api/version": { tag: SYSTEM, summary: "The installation's version", access: "public" },
  "GET /api/health": {
    tag: SYSTEM,
    summary: "Health check (the database answers)",
    access: "public",
  },

  "POST /api/auth/login": {
    summary: "Sign in with e-mail and password",
    access: "public",
    body: auth.LoginBody,
  },
  "POST /api/auth/refresh_token": {
    summary: "A new access token from the refresh cookie",
    access: "public",
  },
  "DELETE /api/auth/logout": { summary: "Sign out (ends this session)" },
  "GET /api/auth/me": { summary: "The signed-in user" },
  "GET /api/plans/list": { tag: "signup", summary: "Plans offered at sign-up", access: "public" },
  "POST /api/companies/cadastro": {
    tag: "signup",
    summary: "Sign up a new company",
    access: "public",
    body: signup.signupBody,
  },
  "POST /api/forgetpassword": {
    tag: "auth",
    summary: "E-mail a password reset link",
    access: "public",
    body: passwordReset.forgetBody,
  },
  [`POST /api/forgetpassword/:email`]: {
    tag: "auth",
    summary: "E-mail a password reset link (the e-mail in the path)",
    access: "public",
  },
  "POST /api/resetpasswords": {
    tag: "auth",
    summary: "Set a new password with a reset token",
    access: "public",
    body: passwordReset.resetBody,
  },
  "POST /api/resetpasswords/:email/:token/:newPassword": {
    tag: "auth",
    summary: "Set a new password with a reset token (all in the path)",
    access: "public",
  },

  "GET /api/users": { summary: "List users, a page at a time", query: ListUsersQuery },
  "GET /api/users/list": { summary: "Every user of the company (for pickers)" },
  "GET /api/users/:id": { summary: "One user" },
  "POST /api/users": { summary: "Create a user", description: ADMIN, body: CreateUserBody },
  "PUT /api/users/:id": {
    summary: "Change a user (users change only themselves)",
    body: UpdateUserBody,
  },
  "DELETE /api/users/:id": { summary: "Delete a user", description: ADMIN },

  "GET /api/plans/all": { summary: "Every plan", description: SUPER },
  "GET /api/plans": {
    summary: "List plans, a page at a time",
    description: SUPER,
    query: ListQuery,
  },
  "POST /api/plans": { summary: "Create a plan", description: SUPER, body: plans.NewPlan },
  [`GET /api/plans/:id${ID}`]: { summary: "One plan" },
  [`PUT /api/plans/:id${ID}`]: {
    summary: "Change a plan",
    description: SUPER,
    body: plans.PlanFields,
  },
  [`DELETE /api/plans/:id${ID}`]: { summary: "Delete a plan", description: SUPER },

  "GET /api/companies": {
    summary: "List companies, a page at a time",
    description: SUPER,
    query: ListQuery,
  },
  "GET /api/companies/list": { summary: "Every company", description: SUPER },
  [`GET /api/companies/listPlan/:companyId${ID}`]: { summary: "A company with its plan" },
  "POST /api/companies": {
    summary: "Create a company",
    description: SUPER,
    body: companies.NewCompany,
  },
  [`GET /api/companies/:id${ID}`]: { summary: "One company" },
  [`PUT /api/companies/:id${ID}`]: {
    summary: "Change a company",
    description: SUPER,
    body: companies.CompanyFields,
  },
  [`DELETE /api/companies/:id${ID}`]: {
    summary: "Delete a company and all its data",
    description: SUPER,
  },
  [`PUT /api/companies/:id${ID}/schedules`]: {
    summary: "Set the company's opening hours",
    description: ADMIN,
    body: companies.SchedulesBody,
  },

  "GET /api/helps/list": { summary: "Every help video" },
  "GET /api/helps": {
    summary: "List help videos, a page at a time",
    description: SUPER,
    query: ListQuery,
  },
  "POST /api/helps": { summary: "Create a help video", description: SUPER, body: helps.NewHelp },
  [`PUT /api/helps/:id${ID}`]: {
    summary: "Change a help video",
    description: SUPER,
    body: helps.HelpFields.partial(),
  },
  [`DELETE /api/helps/:id${ID}`]: { summary: "Delete a help video", description: SUPER },

  "GET /api/announcements": { summary: "List announcements, a page at a time", query: ListQuery },
  "GET /api/announcements/bell": { summary: "The unread announcements of the bell" },
  "POST /api/announcements/bell/read": { summary: "Mark the bell's announcements read" },
  [`GET /api/announcements/:id${ID}`]: { summary: "One announcement" },
  "POST /api/announcements": {
    summary: "Create an announcement",
    description: SUPER,
    body: announcements.CreateBody,
  },
  [`PUT /api/announcements/:id${ID}`]: {
    summary: "Change an announcement",
    description: SUPER,
    body: announcements.UpdateBody,
  },
  [`POST /api/announcements/:id${ID}/media-upload`]: {
    summary: "Attach a file to an announcement",
    description: ATTACH,
    files: ["file"],
  },
  [`DELETE /api/announcements/:id${ID}/media-upload`]: { summary: "Remove an announcement's file" },
  [`DELETE /api/announcements/:id${ID}`]: { summary: "Delete an announcement", description: SUPER },

  "GET /api/chats": { summary: "The user's internal chats", query: ListQuery },
  "POST /api/chats": { summary: "Start an internal chat", body: chats.Fields },
  "GET /api/chats/:key": { summary: "One internal chat, by id or uuid" },
  [`PUT /api/chats/:id${ID}`]: {
    summary: "Rename a chat or change its members",
    body: chats.UpdateBody,
  },
  [`DELETE /api/chats/:id${ID}`]: { summary: "Delete a chat (its owner)" },
  [`POST /api/chats/:id${ID}/read`]: { summary: "Mark a chat read" },
  [`GET /api/chats/:id${ID}/messages`]: {
    summary: "A chat's messages, a page at a time",
    query: chats.MessagesQuery,
  },
  [`POST /api/chats/:id${ID}/messages`]: { summary: "Write in a chat", body: chats.MessageBody },

  "GET /api/settings": { summary: "The company's settings" },
  "PUT /api/settings/:key": {
    summary: "Change one setting",
    description: ADMIN,
    body: settings.SettingBody,
  },

  "GET /api/contacts": { summary: "List contacts, a page at a time", query: contacts.ListQuery },
  "GET /api/contacts/list": {
    summary: "Contacts for pickers (by name or number)",
    query: contacts.OptionsQuery,
  },
  "GET /api/contacts/export": { summary: "Every contact as a spreadsheet" },
  "POST /api/contacts/upload": { summary: "Import contacts from a spreadsheet", files: ["file"] },
  "GET /api/contacts/phone-book": {
    summary: "The phone's own contacts, through a connection",
    query: contacts.PhoneBookQuery,
  },
  "POST /api/contacts/import": {
    summary: "Import the phone's contacts",
    body: contacts.ImportBody,
  },
  [`GET /api/contacts/:id${ID}`]: { summary: "One contact" },
  "POST /api/contacts": { summary: "Create a contact", body: contacts.CreateBody },
  [`PUT /api/contacts/:id${ID}`]: { summary: "Change a contact", body: contacts.UpdateBody },
  [`DELETE /api/contacts/:id${ID}`]: { summary: "Delete a contact", description: ADMIN },

  "GET /api/tags": { summary: "List tags, a page at a time", query: ListQuery },
  "GET /api/tags/list": { summary: "Every tag" },
  "GET /api/tags/kanban": { summary: "The tags that are kanban columns" },
  [`GET /api/tags/:id${ID}`]: { summary: "One tag" },
  "POST /api/tags": { summary: "Create a tag", body: tags.CreateBody },
  [`PUT /api/tags/:id${ID}`]: { summary: "Change a tag", body: tags.UpdateBody },
  [`DELETE /api/tags/:id${ID}`]: { summary: "Delete a tag" },
  "POST /api/tags/sync": { summary: "Set a ticket's tags", body: tickets.TagSyncBody },

  "GET /api/quick-messages": { summary: "List quick replies, a page at a time", query: ListQuery },
  "GET /api/quick-messages/list": { summary: "The quick replies the user may use" },
  [`GET /api/quick-messages/:id${ID}`]: { summary: "One quick reply" },
  "POST /api/quick-messages": { summary: "Create a quick reply", body: quickMessages.CreateBody },
  [`PUT /api/quick-messages/:id${ID}`]: {
    summary: "Change a quick reply",
    body: quickMessages.UpdateBody,
  },
  [`DELETE /api/quick-messages/:id${ID}`]: { summary: "Delete a quick reply" },
  [`POST /api/quick-messages/:id${ID}/media-upload`]: {
    summary: "Attach a file to a quick reply",
    description: ATTACH,
    files: ["file"],
  },
  [`DELETE /api/quick-messages/:id${ID}/media-upload`]: { summary: "Remove a quick reply's file" },

  "GET /api/queue": { summary: "Every queue" },
  [`GET /api/queue/:id${ID}`]: { summary: "One queue with its options tree" },
  "POST /api/queue": {
    summary: "Create a queue",
    description:
      `${ADMIN} JSON, or multipart with the queue as JSON in \`queue\` and the options' files.`,
    body: queues.CreateQueue,
  },
  [`PUT /api/queue/:id${ID}`]: {
    summary: "Change a queue",
    description:
      `${ADMIN} JSON, or multipart with the queue as JSON in \`queue\` and the options' files.`,
    body: queues.UpdateQueue,
  },
  [`DELETE /api/queue/:id${ID}`]: { summary: "Delete a queue", description: ADMIN },
  [`POST /api/queue/:id${ID}/media-upload`]: {
    summary: "Attach a file to a queue's greeting",
    description: ATTACH,
    files: ["file"],
  },
  [`DELETE /api/queue/:id${ID}/media-upload`]: {
    summary: "Remove a queue's file",
    description: ADMIN,
  },

  "GET /api/queue-options": { summary: "A queue's options", query: queues.ListOptionsQuery },
  [`GET /api/queue-options/:id${ID}`]: { summary: "One queue option" },
  "POST /api/queue-options": {
    summary: "Create a queue option",
    description: ADMIN,
    body: queues.CreateOption,
  },
  [`PUT /api/queue-options/:id${ID}`]: {
    summary: "Change a queue option",
    description: ADMIN,
    body: queues.UpdateOption,
  },
  [`DELETE /api/queue-options/:id${ID}`]: { summary: "Delete a queue option", description: ADMIN },
  [`POST /api/queue-options/:id${ID}/media-upload`]: {
    summary: "Attach a file to a queue option",
    description: ATTACH,
    files: ["file"],
  },
  [`DELETE /api/queue-options/:id${ID}/media-upload`]: {
    summary: "Remove a queue option's file",
    description: ADMIN,
  },

  "GET /api/prompt": { summary: "List AI prompts, a page at a time", query: ListQuery },
  [`GET /api/prompt/:id${ID}`]: { summary: "One AI prompt" },
  "POST /api/prompt": {
    summary: "Create an AI prompt",
    description: ADMIN,
    body: prompts.PromptBody,
  },
  [`PUT /api/prompt/:id${ID}`]: {
    summary: "Change an AI prompt",
    description: ADMIN,
    body: prompts.PromptBody,
  },
  [`DELETE /api/prompt/:id${ID}`]: { summary: "Delete an AI prompt", description: ADMIN },

  "GET /api/media/:companyId{[0-9]+}/:area{[a-z][a-z-]*}/:file{[A-Za-z0-9][A-Za-z0-9._-]*}": {
    summary: "A stored file (the company's own, or through a signed link)",
    description: "Also takes the access token as `?token=`, for `<img>` and `<audio>`.",
    query: SignedLink,
  },

  "GET /api/whatsapp": {
    summary: "The company's WhatsApp connections",
    query: ListConnectionsQuery,
  },
  "GET /api/whatsapp/:id": { summary: "One connection (its API token for admins)" },
  "POST /api/whatsapp": {
    summary: "Create a connection",
    description: ADMIN,
    body: CreateConnectionBody,
  },
  "PUT /api/whatsapp/:id": {
    summary: "Change a connection (`renewToken` rotates its API token)",
    description: ADMIN,
    body: UpdateConnectionBody,
  },
  "DELETE /api/whatsapp/:id": { summary: "Delete a connection", description: ADMIN },
  "POST /api/whatsappsession/:id": {
    tag: "whatsapp",
    summary: "Start a connection's session (QR code)",
    description: ADMIN,
  },
  "PUT /api/whatsappsession/:id": {
    tag: "whatsapp",
    summary: "Restart a connection's session",
    description: ADMIN,
  },
  "DELETE /api/whatsappsession/:id": {
    tag: "whatsapp",
    summary: "Disconnect a connection's session",
    description: ADMIN,
  },

  "GET /api/tickets": {
    summary: "List tickets (filters, a page at a time)",
    query: tickets.TicketsQuery,
  },
  "GET /api/tickets/u/:uuid": { summary: "One ticket by its uuid" },
  [`GET /api/tickets/:id${ID}`]: { summary: "One ticket" },
  "POST /api/tickets": { summary: "Open a ticket for a contact", body: tickets.NewTicketBody },
  [`PUT /api/tickets/:id${ID}`]: {
    summary: "Accept, transfer, return, close or reopen a ticket",
    body: tickets.TicketChangeBody,
  },
  [`DELETE /api/tickets/:id${ID}`]: { summary: "Delete a ticket", description: ADMIN },

  "GET /api/schedules": {
    summary: "List scheduled messages",
    description: "Plan flag useSchedules.",
    query: schedules.ScheduleQuery,
  },
  [`GET /api/schedules/:id${ID}`]: { summary: "One scheduled message" },
  "POST /api/schedules": { summary: "Schedule a message", body: schedules.Fields },
  [`PUT /api/schedules/:id${ID}`]: {
    summary: "Change a scheduled message (not once sent)",
    body: schedules.UpdateBody,
  },
  [`DELETE /api/schedules/:id${ID}`]: { summary: "Delete a scheduled message" },
  [`POST /api/schedules/:id${ID}/media-upload`]: {
    summary: "Attach an image to a scheduled message",
    description: ATTACH,
    files: ["file"],
  },
  [`DELETE /api/schedules/:id${ID}/media-upload`]: {
    summary: "Remove a scheduled message's image",
  },

  "GET /api/ticket/kanban": {
    tag: "kanban",
    summary: "The kanban's tickets",
    description: "Plan flag useKanban.",
  },
  [`PUT /api/ticket-tags/:ticketId${ID}/:tagId${ID}`]: {
    tag: "kanban",
    summary: "Move a ticket to a kanban column",
  },
  [`DELETE /api/ticket-tags/:ticketId${ID}`]: {
    tag: "kanban",
    summary: "Take a ticket off the kanban's columns",
  },

  [`GET /api/messages/:ticketId${ID}`]: {
    summary: "A ticket's messages, a page at a time",
    query: messages.MessagesQuery,
  },
  [`POST /api/messages/:ticketId${ID}`]: {
    summary: "Send a message in a ticket (text, or files as multipart `medias`)",
    body: messages.SendBody,
    files: ["medias"],
  },
  [`DELETE /api/messages/:id${ID}`]: { summary: "Delete a message for everyone" },

  "GET /api/ticket-notes/list": { summary: "A ticket's notes", query: ticketNotes.ListQuery },
  "POST /api/ticket-notes": { summary: "Write a note on a ticket", body: ticketNotes.NoteBody },
  [`DELETE /api/ticket-notes/:id${ID}`]: { summary: "Delete a note" },

  "POST /api/sandbox/:id/pair": {
    summary: "Pair a sandbox connection (no phone needed)",
    description: ADMIN,
  },
  "POST /api/sandbox/:id/inbound": {
    summary: "A simulated customer writes to a sandbox connection",
    description: `${ADMIN} JSON, or multipart with one file in \`medias\`.`,
    body: sandbox.InboundBody,
    files: ["medias"],
  },
  "POST /api/sandbox/:id/call": {
    summary: "A simulated customer calls a sandbox connection",
    description: ADMIN,
    body: sandbox.CallBody,
  },
  "GET /api/sandbox/:id/outbound": {
    summary: "What a sandbox connection sent to a customer",
    description: ADMIN,
    query: sandbox.NumberQuery,
  },
  "GET /api/sandbox/:id/conversation": {
    summary: "A sandbox customer's whole conversation",
    description: ADMIN,
    query: sandbox.NumberQuery,
  },
  "GET /api/sandbox/:id/customers": {
    summary: "The sandbox's simulated customers",
    description: ADMIN,
  },

  "GET /api/contact-lists": { summary: "List contact lists, a page at a time", query: ListQuery },
  "GET /api/contact-lists/list": { summary: "Every contact list" },
  [`GET /api/contact-lists/:id${ID}`]: { summary: "One contact list" },
  "POST /api/contact-lists": { summary: "Create a contact list", body: contactLists.ListBody },
  [`PUT /api/contact-lists/:id${ID}`]: {
    summary: "Rename a contact list",
    body: contactLists.ListBody,
  },
  [`DELETE /api/contact-lists/:id${ID}`]: { summary: "Delete a contact list" },
  [`POST /api/contact-lists/:id${ID}/upload`]: {
    summary: "Add a spreadsheet's numbers to a contact list",
    body: contactLists.UploadFields,
    files: ["file"],
  },
  "GET /api/contact-list-items": {
    summary: "A contact list's entries",
    query: contactLists.ItemsQuery,
  },
  [`GET /api/contact-list-items/:id${ID}`]: { summary: "One contact list entry" },
  "POST /api/contact-list-items": {
    summary: "Add an entry to a contact list",
    body: contactLists.ItemBody,
  },
  [`PUT /api/contact-list-items/:id${ID}`]: {
    summary: "Change a contact list entry",
    body: contactLists.ItemFields.partial(),
  },
  [`DELETE /api/contact-list-items/:id${ID}`]: { summary: "Remove a contact list entry" },

  "GET /api/campaigns": {
    summary: "List campaigns, a page at a time",
    description: "Plan flag useCampaigns.",
    query: ListQuery,
  },
  [`GET /api/campaigns/:id${ID}`]: { summary: "One campaign" },
  [`GET /api/campaigns/:id${ID}/report`]: {
    summary: "A campaign's deliveries, a page at a time",
    query: campaigns.ReportQuery,
  },
  "POST /api/campaigns": { summary: "Create a campaign", body: campaigns.CampaignBody },
  [`PUT /api/campaigns/:id${ID}`]: { summary: "Change a campaign", body: campaigns.CampaignBody },
  [`DELETE /api/campaigns/:id${ID}`]: { summary: "Delete a campaign" },
  [`POST /api/campaigns/:id${ID}/cancel`]: { summary: "Cancel a campaign" },
  [`POST /api/campaigns/:id${ID}/restart`]: { summary: "Restart a cancelled campaign" },
  [`POST /api/campaigns/:id${ID}/media-upload`]: {
    summary: "Attach a file to a campaign",
    description: ATTACH,
    files: ["file"],
  },
  [`DELETE /api/campaigns/:id${ID}/media-upload`]: { summary: "Remove a campaign's file" },
  "GET /api/campaign-settings": { summary: "The company's campaign settings" },
  "POST /api/campaign-settings": {
    summary: "Change the campaign settings",
    body: campaigns.SettingsBody,
  },

  "GET /api/files": { summary: "List file lists, a page at a time", query: ListQuery },
  "GET /api/files/list": { summary: "Every file list" },
  [`GET /api/files/:id${ID}`]: { summary: "One file list" },
  "POST /api/files": { summary: "Create a file list", description: ADMIN, body: files.FileBody },
  [`PUT /api/files/:id${ID}`]: {
    summary: "Change a file list",
    description: ADMIN,
    body: files.FileBody,
  },
  [`DELETE /api/files/:id${ID}`]: { summary: "Delete a file list", description: ADMIN },
  [`POST /api/files/uploadList/:id${ID}`]: {
    summary: "Upload a file list's files",
    description: `${ADMIN} Multipart: \`files\` and, for each, its option's \`id\`, in order.`,
    files: ["files"],
  },

  "GET /api/invoices/all": {
    summary: "The company's invoices (every company's for the super user)",
    query: ListQuery,
  },
  [`GET /api/invoices/:id${ID}`]: { summary: "One invoice" },
  [`PUT /api/invoices/:id${ID}`]: {
    summary: "Mark an invoice paid by hand",
    description: SUPER,
    body: invoices.MarkPaid,
  },
  "POST /api/subscription": {
    summary: "Pay an invoice (Pix checkout)",
    description: ADMIN,
    body: subscription.CheckoutBody,
  },
  "POST /api/subscription/webhook/:secret": {
    summary: "The payment provider's notice",
    access: "public",
  },
  "POST /api/subscription/webhook/:secret/pix": {
    summary: "The payment provider's notice (Pix)",
    access: "public",
  },
  "GET /api/dashboard": {
    summary: "The dashboard's counters for a period (days, or date_from and date_to)",
    description: ADMIN,
    query: dashboard.Filter,
  },
  "GET /api/dashboard/ticketsUsers": {
    summary: "Tickets per attendant in a period",
    description: ADMIN,
    query: dashboard.Filter,
  },
  "GET /api/dashboard/ticketsDay": {
    summary: "Tickets per day (per hour for a single day) in a period",
    description: ADMIN,
    query: dashboard.Filter,
  },
  [`GET /api/contacts/:id${ID}/tickets`]: {
    summary: "A contact's tickets, newest first (the ones the caller may see)",
    query: contacts.ContactTicketsQuery,
  },
  [`PUT /api/contacts/:id${ID}/tags`]: {
    summary: "Replace a contact's tags",
    body: contacts.ContactTagsBody,
  },
  "GET /api/queueIntegration": {
    summary: "List queue integrations (webhook, n8n, Typebot, Dialogflow)",
    description: `${ADMIN} Plan flag useIntegrations.`,
    query: ListQuery,
  },
  [`GET /api/queueIntegration/:id${ID}`]: {
    summary: "One queue integration",
    description: `${ADMIN} Plan flag useIntegrations.`,
  },
  "POST /api/queueIntegration": {
    summary: "Create a queue integration",
    description: `${ADMIN} Plan flag useIntegrations.`,
    body: queueIntegrations.IntegrationBody,
  },
  "POST /api/queueIntegration/testSession": {
    summary: "Check Dialogflow credentials with one detectIntent call",
    description: `${ADMIN} Plan flag useIntegrations.`,
    body: queueIntegrations.TestSessionBody,
  },
  [`PUT /api/queueIntegration/:id${ID}`]: {
    summary: "Change a queue integration",
    description: `${ADMIN} Plan flag useIntegrations.`,
    body: queueIntegrations.IntegrationBody,
  },
  [`POST /api/queueIntegration/:id${ID}/secret`]: {
    summary: "Rotate a webhook or n8n integration's signing secret",
    description: `${ADMIN} Plan flag useIntegrations.`,
  },
  [`DELETE /api/queueIntegration/:id${ID}`]: {
    summary: "Delete a queue integration (queues and connections pointing at it are unlinked)",
    description: `${ADMIN} Plan flag useIntegrations.`,
  },
};
