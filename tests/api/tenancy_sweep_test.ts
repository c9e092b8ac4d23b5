/**
 * The tenancy sweep (issue 3, "Done when"): company A's admin makes one record of every
 * id-addressed resource; company B's admin then calls every route that takes an id with A's
 * ids and gets 404 (as if the record did not exist), or 403 on the super user's platform
 * endpoints, and A's rows are byte for byte what they were.
 *
 * The routes come from the app itself: a new route with a path parameter fails this test
 * until it is added to SWEEP (or, when its parameter is not an id of a company's record, to
 * NOT_ID_ADDRESSED with the reason).
 */
import assert from "node:assert/strict";
import { type Db, sql } from "../../lib/db/mod.ts";
import { answer, openAppWithActors } from "../helpers/api_as.ts";
import { createTestUser } from "../helpers/accounts.ts";
import { createTestConnection } from "../helpers/users.ts";

/** A's records, by resource. */
interface Ids {
  company: number;
  user: number;
  contact: number;
  tag: number;
  quickMessage: number;
  whatsapp: number;
  queue: number;
  queueOption: number;
  ticket: number;
  ticketUuid: string;
  message: number;
  note: number;
  plan: number;
  help: number;
  schedule: number;
  contactList: number;
  contactListItem: number;
  campaign: number;
  file: number;
  announcement: number;
  chat: number;
  invoice: number;
  prompt: number;
  integration: number;
}

interface Probe {
  path: (ids: Ids) => string;
  /** 404 for a company's records; 403 for the super user's endpoints. */
  expect: 403 | 404;
  /** A body that passes validation, so the answer is about the id, not the body. */
  body?: unknown | (() => unknown);
}

const HACK = "Hacked by B";
/** A queue of company B's, for bodies that must name one of B's own records. */
let otherQueue = 0;

/** A valid upload, so a media route's answer is about the id and not a missing file. */
function upload(): FormData {
  const form = new FormData();
  const png = Uint8Array.from(
    atob(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    ),
    (c) => c.charCodeAt(0),
  );
  form.append("file", new File([png], "hack.png", { type: "image/png" }));
  return form;
}

/** Every route with a path parameter, as `app.routes` names it. */
const SWEEP: Record<string, Probe> = {
  "GET /api/users/:id": { path: (i) => `/api/users/${i.user}`, expect: 404 },
  "PUT /api/users/:id": { path: (i) => `/api/users/${i.user}`, expect: 404, body: { name: HACK } },
  "DELETE /api/users/:id": { path: (i) => `/api/users/${i.user}`, expect: 404 },

  "GET /api/contacts/:id{[0-9]+}": { path: (i) => `/api/contacts/${i.contact}`, expect: 404 },
  "PUT /api/contacts/:id{[0-9]+}": {
    path: (i) => `/api/contacts/${i.contact}`,
    expect: 404,
    body: { name: HACK, number: "5511988887777" },
  },
  "DELETE /api/contacts/:id{[0-9]+}": { path: (i) => `/api/contacts/${i.contact}`, expect: 404 },
  "GET /api/contacts/:id{[0-9]+}/tickets": {
    path: (i) => `/api/contacts/${i.contact}/tickets`,
    expect: 404,
  },
  "PUT /api/contacts/:id{[0-9]+}/tags": {
    path: (i) => `/api/contacts/${i.contact}/tags`,
    expect: 404,
    body: { tags: [] },
  },

  "GET /api/prompt/:id{[0-9]+}": { path: (i) => `/api/prompt/${i.prompt}`, expect: 404 },
  "PUT /api/prompt/:id{[0-9]+}": {
    path: (i) => `/api/prompt/${i.prompt}`,
    expect: 404,
    // B's own queue, so that only the prompt's id can make the answer 404.
    body: () => ({ name: HACK, prompt: HACK, queueId: otherQueue }),
  },
  "DELETE /api/prompt/:id{[0-9]+}": { path: (i) => `/api/prompt/${i.prompt}`, expect: 404 },
  "GET /api/queueIntegration/:id{[0-9]+}": {
    path: (i) => `/api/queueIntegration/${i.integration}`,
    expect: 404,
  },
  "PUT /api/queueIntegration/:id{[0-9]+}": {
    path: (i) => `/api/queueIntegration/${i.integration}`,
    expect: 404,
    body: { type: "webhook", name: HACK, urlN8N: "https://hack.example.com/" },
  },
  "POST /api/queueIntegration/:id{[0-9]+}/secret": {
    path: (i) => `/api/queueIntegration/${i.integration}/secret`,
    expect: 404,
  },
  "DELETE /api/queueIntegration/:id{[0-9]+}": {
    path: (i) => `/api/queueIntegration/${i.integration}`,
    expect: 404,
  },
  "GET /api/tags/:id{[0-9]+}": { path: (i) => `/api/tags/${i.tag}`, expect: 404 },
  "PUT /api/tags/:id{[0-9]+}": {
    path: (i) => `/api/tags/${i.tag}`,
    expect: 404,
    body: { name: HACK },
  },
  "DELETE /api/tags/:id{[0-9]+}": { path: (i) => `/api/tags/${i.tag}`, expect: 404 },

  "GET /api/quick-messages/:id{[0-9]+}": {
    path: (i) => `/api/quick-messages/${i.quickMessage}`,
    expect: 404,
  },
  "PUT /api/quick-messages/:id{[0-9]+}": {
    path: (i) => `/api/quick-messages/${i.quickMessage}`,
    expect: 404,
    body: { shortcode: "hacked", message: HACK },
  },
  "DELETE /api/quick-messages/:id{[0-9]+}": {
    path: (i) => `/api/quick-messages/${i.quickMessage}`,
    expect: 404,
  },
  "POST /api/quick-messages/:id{[0-9]+}/media-upload": {
    path: (i) => `/api/quick-messages/${i.quickMessage}/media-upload`,
    expect: 404,
    body: upload,
  },
  "DELETE /api/quick-messages/:id{[0-9]+}/media-upload": {
    path: (i) => `/api/quick-messages/${i.quickMessage}/media-upload`,
    expect: 404,
  },

  "GET /api/whatsapp/:id": { path: (i) => `/api/whatsapp/${i.whatsapp}`, expect: 404 },
  "PUT /api/whatsapp/:id": {
    path: (i) => `/api/whatsapp/${i.whatsapp}`,
    expect: 404,
    body: { name: HACK },
  },
  "DELETE /api/whatsapp/:id": { path: (i) => `/api/whatsapp/${i.whatsapp}`, expect: 404 },
  "POST /api/whatsappsession/:id": {
    path: (i) => `/api/whatsappsession/${i.whatsapp}`,
    expect: 404,
  },
  "PUT /api/whatsappsession/:id": {
    path: (i) => `/api/whatsappsession/${i.whatsapp}`,
    expect: 404,
  },
  "DELETE /api/whatsappsession/:id": {
    path: (i) => `/api/whatsappsession/${i.whatsapp}`,
    expect: 404,
  },
  "POST /api/sandbox/:id/pair": {
    path: (i) => `/api/sandbox/${i.whatsapp}/pair`,
    expect: 404,
  },
  "POST /api/sandbox/:id/inbound": {
    path: (i) => `/api/sandbox/${i.whatsapp}/inbound`,
    expect: 404,
    body: { number: "5511988887777", body: HACK },
  },
  "POST /api/sandbox/:id/call": {
    path: (i) => `/api/sandbox/${i.whatsapp}/call`,
    expect: 404,
    body: { number: "5511988887777", isVideo: true },
  },
  "GET /api/sandbox/:id/outbound": {
    path: (i) => `/api/sandbox/${i.whatsapp}/outbound?number=5511988887777`,
    expect: 404,
  },

  "GET /api/sandbox/:id/customers": {
    path: (i) => `/api/sandbox/${i.whatsapp}/customers`,
    expect: 404,
  },
  "GET /api/sandbox/:id/conversation": {
    path: (i) => `/api/sandbox/${i.whatsapp}/conversation?number=5511911112222`,
    expect: 404,
  },

  "GET /api/queue/:id{[0-9]+}": { path: (i) => `/api/queue/${i.queue}`, expect: 404 },
  "PUT /api/queue/:id{[0-9]+}": {
    path: (i) => `/api/queue/${i.queue}`,
    expect: 404,
    body: { name: HACK, color: "#000001" },
  },
  "DELETE /api/queue/:id{[0-9]+}": { path: (i) => `/api/queue/${i.queue}`, expect: 404 },
  "POST /api/queue/:id{[0-9]+}/media-upload": {
    path: (i) => `/api/queue/${i.queue}/media-upload`,
    expect: 404,
    body: upload,
  },
  "DELETE /api/queue/:id{[0-9]+}/media-upload": {
    path: (i) => `/api/queue/${i.queue}/media-upload`,
    expect: 404,
  },
  "GET /api/queue-options/:id{[0-9]+}": {
    path: (i) => `/api/queue-options/${i.queueOption}`,
    expect: 404,
  },
  "PUT /api/queue-options/:id{[0-9]+}": {
    path: (i) => `/api/queue-options/${i.queueOption}`,
    expect: 404,
    body: { title: HACK },
  },
  "DELETE /api/queue-options/:id{[0-9]+}": {
    path: (i) => `/api/queue-options/${i.queueOption}`,
    expect: 404,
  },
  "POST /api/queue-options/:id{[0-9]+}/media-upload": {
    path: (i) => `/api/queue-options/${i.queueOption}/media-upload`,
    expect: 404,
    body: upload,
  },
  "DELETE /api/queue-options/:id{[0-9]+}/media-upload": {
    path: (i) => `/api/queue-options/${i.queueOption}/media-upload`,
    expect: 404,
  },

  "GET /api/tickets/:id{[0-9]+}": { path: (i) => `/api/tickets/${i.ticket}`, expect: 404 },
  "GET /api/tickets/u/:uuid": { path: (i) => `/api/tickets/u/${i.ticketUuid}`, expect: 404 },
  "PUT /api/tickets/:id{[0-9]+}": {
    path: (i) => `/api/tickets/${i.ticket}`,
    expect: 404,
    body: { status: "closed" },
  },
  "DELETE /api/tickets/:id{[0-9]+}": { path: (i) => `/api/tickets/${i.ticket}`, expect: 404 },
  "GET /api/messages/:ticketId{[0-9]+}": {
    path: (i) => `/api/messages/${i.ticket}`,
    expect: 404,
  },
  "POST /api/messages/:ticketId{[0-9]+}": {
    path: (i) => `/api/messages/${i.ticket}`,
    expect: 404,
    body: { body: HACK },
  },
  "DELETE /api/messages/:id{[0-9]+}": { path: (i) => `/api/messages/${i.message}`, expect: 404 },
  "GET /api/schedules/:id{[0-9]+}": { path: (i) => `/api/schedules/${i.schedule}`, expect: 404 },
  "PUT /api/schedules/:id{[0-9]+}": {
    path: (i) => `/api/schedules/${i.schedule}`,
    expect: 404,
    body: { body: HACK },
  },
  "DELETE /api/schedules/:id{[0-9]+}": {
    path: (i) => `/api/schedules/${i.schedule}`,
    expect: 404,
  },
  "POST /api/schedules/:id{[0-9]+}/media-upload": {
    path: (i) => `/api/schedules/${i.schedule}/media-upload`,
    expect: 404,
    body: upload,
  },
  "DELETE /api/schedules/:id{[0-9]+}/media-upload": {
    path: (i) => `/api/schedules/${i.schedule}/media-upload`,
    expect: 404,
  },
  "DELETE /api/ticket-notes/:id{[0-9]+}": {
    path: (i) => `/api/ticket-notes/${i.note}`,
    expect: 404,
  },

  "GET /api/media/:companyId{[0-9]+}/:area{[a-z][a-z-]*}/:file{[A-Za-z0-9][A-Za-z0-9._-]*}": {
    path: (i) => `/api/media/${i.company}/quick-messages/1_file.png`,
    expect: 404,
  },

  // A company reads its own company and plan flags; the rest is the super user's.
  "GET /api/companies/:id{[0-9]+}": { path: (i) => `/api/companies/${i.company}`, expect: 404 },
  "GET /api/companies/listPlan/:companyId{[0-9]+}": {
    path: (i) => `/api/companies/listPlan/${i.company}`,
    expect: 404,
  },
  "PUT /api/companies/:id{[0-9]+}/schedules": {
    path: (i) => `/api/companies/${i.company}/schedules`,
    expect: 404,
    body: { schedules: [] },
  },
  "PUT /api/companies/:id{[0-9]+}": {
    path: (i) => `/api/companies/${i.company}`,
    expect: 403,
    body: { name: HACK },
  },
  "DELETE /api/companies/:id{[0-9]+}": {
    path: (i) => `/api/companies/${i.company}`,
    expect: 403,
  },

  // Plans and help videos are the platform's, not a company's: super user only; a company
  // admin reads only its own company's plan, so another plan does not exist for it.
  "GET /api/plans/:id{[0-9]+}": { path: (i) => `/api/plans/${i.plan}`, expect: 404 },
  "PUT /api/plans/:id{[0-9]+}": {
    path: (i) => `/api/plans/${i.plan}`,
    expect: 403,
    body: { name: HACK },
  },
  "DELETE /api/plans/:id{[0-9]+}": { path: (i) => `/api/plans/${i.plan}`, expect: 403 },
  "PUT /api/helps/:id{[0-9]+}": {
    path: (i) => `/api/helps/${i.help}`,
    expect: 403,
    body: { title: HACK },
  },
  "DELETE /api/helps/:id{[0-9]+}": { path: (i) => `/api/helps/${i.help}`, expect: 403 },

  "GET /api/contact-lists/:id{[0-9]+}": {
    path: (i) => `/api/contact-lists/${i.contactList}`,
    expect: 404,
  },
  "PUT /api/contact-lists/:id{[0-9]+}": {
    path: (i) => `/api/contact-lists/${i.contactList}`,
    expect: 404,
    body: { name: HACK },
  },
  "DELETE /api/contact-lists/:id{[0-9]+}": {
    path: (i) => `/api/contact-lists/${i.contactList}`,
    expect: 404,
  },
  "POST /api/contact-lists/:id{[0-9]+}/upload": {
    path: (i) => `/api/contact-lists/${i.contactList}/upload`,
    expect: 404,
    body: () => {
      const form = new FormData();
      form.append("file", new File(["Nome,Numero\nHack,5511988887777\n"], "hack.csv"));
      return form;
    },
  },
  "GET /api/contact-list-items/:id{[0-9]+}": {
    path: (i) => `/api/contact-list-items/${i.contactListItem}`,
    expect: 404,
  },
  "PUT /api/contact-list-items/:id{[0-9]+}": {
    path: (i) => `/api/contact-list-items/${i.contactListItem}`,
    expect: 404,
    body: { name: HACK },
  },
  "DELETE /api/contact-list-items/:id{[0-9]+}": {
    path: (i) => `/api/contact-list-items/${i.contactListItem}`,
    expect: 404,
  },
  "GET /api/campaigns/:id{[0-9]+}": { path: (i) => `/api/campaigns/${i.campaign}`, expect: 404 },
  "GET /api/campaigns/:id{[0-9]+}/report": {
    path: (i) => `/api/campaigns/${i.campaign}/report`,
    expect: 404,
  },
  "PUT /api/campaigns/:id{[0-9]+}": {
    path: (i) => `/api/campaigns/${i.campaign}`,
    expect: 404,
    body: { name: HACK },
  },
  "DELETE /api/campaigns/:id{[0-9]+}": {
    path: (i) => `/api/campaigns/${i.campaign}`,
    expect: 404,
  },
  "POST /api/campaigns/:id{[0-9]+}/cancel": {
    path: (i) => `/api/campaigns/${i.campaign}/cancel`,
    expect: 404,
  },
  "POST /api/campaigns/:id{[0-9]+}/restart": {
    path: (i) => `/api/campaigns/${i.campaign}/restart`,
    expect: 404,
  },
  "POST /api/campaigns/:id{[0-9]+}/media-upload": {
    path: (i) => `/api/campaigns/${i.campaign}/media-upload`,
    expect: 404,
    body: upload,
  },
  "DELETE /api/campaigns/:id{[0-9]+}/media-upload": {
    path: (i) => `/api/campaigns/${i.campaign}/media-upload`,
    expect: 404,
  },
  "GET /api/files/:id{[0-9]+}": { path: (i) => `/api/files/${i.file}`, expect: 404 },
  "PUT /api/files/:id{[0-9]+}": {
    path: (i) => `/api/files/${i.file}`,
    expect: 404,
    body: { name: HACK, message: HACK },
  },
  "DELETE /api/files/:id{[0-9]+}": { path: (i) => `/api/files/${i.file}`, expect: 404 },
  "POST /api/files/uploadList/:id{[0-9]+}": {
    path: (i) => `/api/files/uploadList/${i.file}`,
    expect: 404,
    body: () => {
      const form = upload();
      form.append("files", form.get("file")!);
      form.append("id", "1");
      return form;
    },
  },
  "PUT /api/ticket-tags/:ticketId{[0-9]+}/:tagId{[0-9]+}": {
    path: (i) => `/api/ticket-tags/${i.ticket}/${i.tag}`,
    expect: 404,
  },
  "DELETE /api/ticket-tags/:ticketId{[0-9]+}": {
    path: (i) => `/api/ticket-tags/${i.ticket}`,
    expect: 404,
  },
  "GET /api/chats/:key": { path: (i) => `/api/chats/${i.chat}`, expect: 404 },
  "PUT /api/chats/:id{[0-9]+}": {
    path: (i) => `/api/chats/${i.chat}`,
    expect: 404,
    body: { title: HACK },
  },
  "DELETE /api/chats/:id{[0-9]+}": { path: (i) => `/api/chats/${i.chat}`, expect: 404 },
  "POST /api/chats/:id{[0-9]+}/read": { path: (i) => `/api/chats/${i.chat}/read`, expect: 404 },
  "GET /api/chats/:id{[0-9]+}/messages": {
    path: (i) => `/api/chats/${i.chat}/messages`,
    expect: 404,
  },
  "POST /api/chats/:id{[0-9]+}/messages": {
    path: (i) => `/api/chats/${i.chat}/messages`,
    expect: 404,
    body: { message: HACK },
  },
  // Announcements are the platform's notices: the super user alone writes them.
  "PUT /api/announcements/:id{[0-9]+}": {
    path: (i) => `/api/announcements/${i.announcement}`,
    expect: 403,
    body: { title: HACK },
  },
  "DELETE /api/announcements/:id{[0-9]+}": {
    path: (i) => `/api/announcements/${i.announcement}`,
    expect: 403,
  },
  "POST /api/announcements/:id{[0-9]+}/media-upload": {
    path: (i) => `/api/announcements/${i.announcement}/media-upload`,
    expect: 403,
    body: upload,
  },
  "DELETE /api/announcements/:id{[0-9]+}/media-upload": {
    path: (i) => `/api/announcements/${i.announcement}/media-upload`,
    expect: 403,
  },
  "GET /api/invoices/:id{[0-9]+}": { path: (i) => `/api/invoices/${i.invoice}`, expect: 404 },
  // Marking an invoice paid by hand is the super user's.
  "PUT /api/invoices/:id{[0-9]+}": {
    path: (i) => `/api/invoices/${i.invoice}`,
    expect: 403,
    body: { status: "paid", reason: HACK },
  },
};

/** Calls that name a record of A's in their body or query instead of their path. */
const BY_BODY: Array<{ method: string; path: (i: Ids) => string; body?: (i: Ids) => unknown }> = [
  { method: "POST", path: () => "/api/tickets", body: (i) => ({ contactId: i.contact }) },
  {
    method: "POST",
    path: () => "/api/tags/sync",
    body: (i) => ({ ticketId: i.ticket, tags: [] }),
  },
  {
    method: "POST",
    path: () => "/api/ticket-notes",
    body: (i) => ({ ticketId: i.ticket, note: HACK }),
  },
  { method: "GET", path: (i) => `/api/ticket-notes/list?ticketId=${i.ticket}` },
  {
    method: "POST",
    path: () => "/api/schedules",
    body: (i) => ({ contactId: i.contact, body: HACK, sendAt: "2030-01-01T10:00:00Z" }),
  },
  {
    method: "POST",
    path: () => "/api/contact-list-items",
    body: (i) => ({ name: HACK, number: "5511988887777", contactListId: i.contactList }),
  },
  {
    method: "POST",
    path: () => "/api/campaigns",
    body: (i) => ({ name: HACK, contactListId: i.contactList }),
  },
  {
    method: "POST",
    path: () => "/api/campaigns",
    body: (i) => ({ name: HACK, fileListId: i.file }),
  },
  {
    method: "POST",
    path: () => "/api/subscription",
    body: (i) => ({
      invoiceId: i.invoice,
      firstName: HACK,
      address2: "Rua",
      city: "Recife",
      zipcode: "50000-000",
      country: "BR",
    }),
  },
];

/**
 * Routes signed in by a connection's token instead of a user session (the integrators' API):
 * called with company B's connection token on A's records, they answer 404.
 */
const BY_CONNECTION_TOKEN: Record<string, (i: Ids) => string> = {
  "GET /api/messages/send/:messageId{[0-9]+}": (i) => `/api/messages/send/${i.message}`,
};

/** Routes whose path parameter names no company's record, each with the reason. */
const NOT_ID_ADDRESSED: Record<string, string> = {
  "PUT /api/settings/:key": "a setting's key; always the caller's own company's row",
  ...Object.fromEntries(
    Object.keys(BY_CONNECTION_TOKEN).map((name) => [name, "signed in by a connection token"]),
  ),
  "POST /api/forgetpassword/:email": "public password reset, step 1; the e-mail decides",
  "POST /api/resetpasswords/:email/:token/:newPassword":
    "public password reset; the e-mail and code decide, never the caller's company",
  "GET /api/announcements/:id{[0-9]+}":
    "an announcement is the platform's notice to every company; nobody's record to hide",
  "POST /api/subscription/webhook/:secret":
    "the Pix provider's notification: the installation's secret, then the provider's read-back",
  "POST /api/subscription/webhook/:secret/pix": "the same notification, as Efí addresses it",
};

/** Everything of A's (and the platform's) that B's calls could change. */
async function snapshot(db: Db, companyId: number): Promise<string> {
  const rows = {
    company: await db.query(sql`select * from companies where id = ${companyId}`),
    users: await db.query(sql`select * from users where company_id = ${companyId} order by id`),
    contacts: await db.query(
      sql`select * from contacts where company_id = ${companyId} order by id`,
    ),
    tags: await db.query(sql`select * from tags where company_id = ${companyId} order by id`),
    prompts: await db.query(sql`select * from prompts where company_id = ${companyId} order by id`),
    integrations: await db.query(
      sql`select * from queue_integrations where company_id = ${companyId} order by id`,
    ),
    quickMessages: await db.query(
      sql`select * from quick_messages where company_id = ${companyId} order by id`,
    ),
    whatsapps: await db.query(
      sql`select * from whatsapps where company_id = ${companyId} order by id`,
    ),
    queues: await db.query(sql`select * from queues where company_id = ${companyId} order by id`),
    queueOptions: await db.query(
      sql`select * from queue_options where company_id = ${companyId} order by id`,
    ),
    tickets: await db.query(sql`select * from tickets where company_id = ${companyId} order by id`),
    messages: await db.query(
      sql`select * from messages where company_id = ${companyId} order by id`,
    ),
    notes: await db.query(
      sql`select * from ticket_notes where company_id = ${companyId} order by id`,
    ),
    ticketTags: await db.query(
      sql`select * from ticket_tags where company_id = ${companyId} order by ticket_id, tag_id`,
    ),
    contactTags: await db.query(
      sql`select * from contact_tags where company_id = ${companyId} order by contact_id, tag_id`,
    ),
    settings: await db.query(
      sql`select * from settings where company_id = ${companyId} order by key`,
    ),
    contactLists: await db.query(
      sql`select * from contact_lists where company_id = ${companyId} order by id`,
    ),
    contactListItems: await db.query(
      sql`select * from contact_list_items where company_id = ${companyId} order by id`,
    ),
    campaigns: await db.query(
      sql`select * from campaigns where company_id = ${companyId} order by id`,
    ),
    files: await db.query(sql`select * from files where company_id = ${companyId} order by id`),
    fileOptions: await db.query(
      sql`select * from file_options where company_id = ${companyId} order by id`,
    ),
    plans: await db.query(sql`select * from plans order by id`),
    helps: await db.query(sql`select * from helps order by id`),
    schedules: await db.query(
      sql`select * from schedules where company_id = ${companyId} order by id`,
    ),
    announcements: await db.query(sql`select * from announcements order by id`),
    chats: await db.query(sql`select * from chats where company_id = ${companyId} order by id`),
    chatUsers: await db.query(
      sql`select * from chat_users where company_id = ${companyId} order by chat_id, user_id`,
    ),
    chatMessages: await db.query(
      sql`select * from chat_messages where company_id = ${companyId} order by id`,
    ),
    invoices: await db.query(
      sql`select * from invoices where company_id = ${companyId} order by id`,
    ),
    charges: await db.query(sql`select * from pix_charges order by txid`),
  };
  return JSON.stringify(rows, null, 1);
}

Deno.test("[api] company B's admin reaches none of company A's records by id", async () => {
  const env = await openAppWithActors();
  const { app, db, companyId, asAdmin, asSuper, asOtherAdmin } = env;
  try {
    const made = async (res: Promise<Response>, what: string): Promise<number> => {
      const { status, body } = await answer(await res);
      assert.ok(status === 200 || status === 201, `${what}: ${status} ${JSON.stringify(body)}`);
      return body.id;
    };
    const whatsapp = await createTestConnection(db, companyId);
    await db.run(sql`update whatsapps set name = 'Zeta conexão' where id = ${whatsapp}`);
    const user = await createTestUser(db, companyId, { profile: "user" });
    await db.run(sql`update users set name = 'Zeta agente' where id = ${user.id}`);
    const queue = await made(
      asAdmin("POST", "/api/queue", { name: "Zeta Suporte", color: "#B80000" }),
      "queue",
    );
    const ids: Ids = {
      company: companyId,
      user: user.id,
      contact: await made(
        asAdmin("POST", "/api/contacts", { name: "Ana Zeta", number: "5511911112222" }),
        "contact",
      ),
      tag: await made(asAdmin("POST", "/api/tags", { name: "Zeta Vendas" }), "tag"),
      quickMessage: await made(
        asAdmin("POST", "/api/quick-messages", { shortcode: "zeta", message: "Olá da Zeta!" }),
        "quick message",
      ),
      whatsapp,
      queue,
      ticket: 0,
      ticketUuid: "",
      message: 0,
      note: 0,
      queueOption: await made(
        asAdmin("POST", "/api/queue-options", {
          queueId: queue,
          title: "Zeta opção",
          parentId: -1,
        }),
        "queue option",
      ),
      plan: await made(asSuper("POST", "/api/plans", { name: "Ouro" }), "plan"),
      help: await made(
        asSuper("POST", "/api/helps", { title: "Primeiros passos", video: "dQw4w9WgXcQ" }),
        "help",
      ),
      schedule: 0,
      contactList: 0,
      contactListItem: 0,
      campaign: 0,
      file: 0,
      prompt: 0,
      integration: 0,
      announcement: await made(
        asSuper("POST", "/api/announcements", { title: "Zeta aviso", text: "Manutenção" }),
        "announcement",
      ),
      chat: await made(
        asAdmin("POST", "/api/chats", { title: "Zeta equipe", users: [user.id] }),
        "chat",
      ),
      invoice: (await db.one<{ id: number }>(sql`
        insert into invoices (company_id, due_date, detail, value, recurrence)
        values (${companyId}, current_date + 5, 'Zeta plano', 99, 'MENSAL') returning id`)).id,
    };
    ids.contactList = await made(
      asAdmin("POST", "/api/contact-lists", { name: "Zeta lista" }),
      "contact list",
    );
    ids.contactListItem = await made(
      asAdmin("POST", "/api/contact-list-items", {
        name: "Zeta cliente",
        number: "5511911113333",
        contactListId: ids.contactList,
      }),
      "contact list item",
    );
    ids.file = await made(
      asAdmin("POST", "/api/files", {
        name: "Zeta arquivos",
        message: "Catálogo",
        options: [{ name: "Zeta PDF" }],
      }),
      "file list",
    );
    ids.campaign = await made(
      asAdmin("POST", "/api/campaigns", {
        name: "Zeta campanha",
        message1: "Olá",
        contactListId: ids.contactList,
        fileListId: ids.file,
      }),
      "campaign",
    );
    ids.prompt = await made(
      asAdmin("POST", "/api/prompt", {
        name: "Zeta IA",
        prompt: "Zeta atende.",
        apiKey: "sk-zeta-0123456789",
        queueId: queue,
      }),
      "prompt",
    );
    ids.integration = await made(
      asAdmin("POST", "/api/queueIntegration", {
        type: "typebot",
        name: "Zeta bot",
        urlN8N: "https://typebot.example.com",
        typebotSlug: "zeta",
      }),
      "integration",
    );
    const ticket = await db.one<{ id: number; uuid: string }>(sql`
      insert into tickets (company_id, contact_id, whatsapp_id, last_message)
      values (${companyId}, ${ids.contact}, ${whatsapp}, 'Zeta pergunta')
      returning id, uuid::text as uuid`);
    ids.ticket = ticket.id;
    ids.ticketUuid = ticket.uuid;
    // An attendance of A's in its queue by its user, for the dashboard's lists below.
    await db.run(sql`insert into ticket_tracking (company_id, ticket_id, queue_id, user_id,
                                                  created_at, accepted_at, finished_at)
      values (${companyId}, ${ticket.id}, ${ids.queue}, ${ids.user}, now(), now(), now())`);
    ids.message = (await db.one<{ id: number }>(sql`
      insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me)
      values (${companyId}, ${ticket.id}, ${ids.contact}, ${whatsapp}, 'ZETA-1', 'Zeta resposta', true)
      returning id`)).id;
    ids.schedule = await made(
      asAdmin("POST", "/api/schedules", {
        contactId: ids.contact,
        body: "Zeta lembrete",
        sendAt: "2030-01-01T10:00:00Z",
      }),
      "schedule",
    );
    await db.run(sql`update messages set origin = 'api' where id = ${ids.message}`);
    ids.note = (await db.one<{ id: number }>(sql`
      insert into ticket_notes (company_id, ticket_id, contact_id, note)
      values (${companyId}, ${ticket.id}, ${ids.contact}, 'Zeta nota')
      returning id`)).id;
    await db.run(sql`insert into ticket_tags (ticket_id, tag_id, company_id)
                     values (${ticket.id}, ${ids.tag}, ${companyId})`);
    await db.run(sql`insert into contact_tags (contact_id, tag_id, company_id)
                     values (${ids.contact}, ${ids.tag}, ${companyId})`);
    otherQueue = await made(
      asOtherAdmin("POST", "/api/queue", { name: "Fila de B", color: "#00B800" }),
      "B's queue",
    );
    const before = await snapshot(db, companyId);

    const withParams = app.routes
      .filter((route) => route.path.startsWith("/api/") && route.method !== "ALL")
      .filter((route) => route.path.includes("/:"))
      .map((route) => `${route.method} ${route.path}`);
    const unlisted = [...new Set(withParams)]
      .filter((name) => !(name in SWEEP) && !(name in NOT_ID_ADDRESSED));
    assert.deepEqual(
      unlisted,
      [],
      "routes with a path parameter that the tenancy sweep does not know: add each to SWEEP " +
        "in tests/api/tenancy_sweep_test.ts with the answer another company must get (or to " +
        "NOT_ID_ADDRESSED with the reason its parameter names no company's record)",
    );
    const stale = Object.keys(SWEEP).filter((name) => !withParams.includes(name));
    assert.deepEqual(stale, [], "SWEEP lists routes the app no longer has");

    const leaks: string[] = [];
    for (const [name, probe] of Object.entries(SWEEP)) {
      const method = name.split(" ")[0]!;
      const path = probe.path(ids);
      const { status, body } = await answer(
        await asOtherAdmin(
          method,
          path,
          method === "GET"
            ? undefined
            : typeof probe.body === "function"
            ? probe.body()
            : probe.body ?? {},
        ),
      );
      if (status !== probe.expect) {
        leaks.push(
          `${method} ${path} → ${status} (wanted ${probe.expect}) ${JSON.stringify(body)}`,
        );
      }
    }
    for (const probe of BY_BODY) {
      const path = probe.path(ids);
      const { status, body } = await answer(
        await asOtherAdmin(probe.method, path, probe.body?.(ids)),
      );
      if (status !== 404) leaks.push(`${probe.method} ${path} → ${status} ${JSON.stringify(body)}`);
    }
    const otherToken = (await db.one<{ token: string }>(sql`
      select token from whatsapps where id = ${await createTestConnection(db, env.otherId)}`))
      .token;
    for (const [name, path] of Object.entries(BY_CONNECTION_TOKEN)) {
      const res = await app.request(path(ids), {
        method: name.split(" ")[0],
        headers: { Authorization: `Bearer ${otherToken}` },
      });
      if (res.status !== 404) leaks.push(`${name} with B's token → ${res.status}`);
      await res.body?.cancel();
    }
    assert.deepEqual(leaks, [], "company B's admin got something other than 404/403");

    // Every list B may read: none shows a record of A's (all of A's are named "Zeta …").
    const lists = [
      "/api/users",
      "/api/users/list",
      "/api/contacts",
      "/api/contacts/list",
      "/api/tags",
      "/api/tags/list",
      "/api/quick-messages",
      "/api/quick-messages/list",
      "/api/schedules",
      "/api/queue",
      "/api/prompt",
      "/api/queueIntegration",
      `/api/queue-options?queueId=${ids.queue}`,
      "/api/whatsapp",
      "/api/settings",
      "/api/tickets",
      "/api/contact-lists",
      "/api/contact-lists/list",
      "/api/contact-list-items",
      "/api/campaigns",
      "/api/files",
      "/api/files/list",
      "/api/invoices/all",
      `/api/dashboard?days=3&companyId=${ids.company}`,
      `/api/dashboard/ticketsUsers?days=3&companyId=${ids.company}`,
      `/api/dashboard/ticketsDay?days=3&companyId=${ids.company}`,
    ];
    for (const path of lists) {
      const { status, body } = await answer(await asOtherAdmin("GET", path));
      assert.ok(status === 200 || status === 404, `${path}: ${status}`);
      assert.ok(!JSON.stringify(body).includes("Zeta"), `${path} shows company A's rows`);
    }
    // The same lists do show them to A's admin, so the check above can fail.
    const own = await answer(await asAdmin("GET", "/api/contacts/list"));
    assert.ok(JSON.stringify(own.body).includes("Zeta"), "A's admin sees A's contact");
    const board = await answer(await asAdmin("GET", "/api/dashboard?days=3"));
    assert.ok(JSON.stringify(board.body.queues).includes("Zeta"), "A's dashboard has A's queue");
    assert.equal(await snapshot(db, companyId), before, "company A's rows changed");
  } finally {
    await env.close();
  }
});
