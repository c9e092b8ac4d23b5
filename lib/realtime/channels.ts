/**
 * Every realtime name in one place (DESIGN §5), for the services that publish and the islands
 * that listen. This module imports nothing, so the browser bundles it as it is.
 *
 * - A **channel** names what an event is about; it travels in each message
 *   (`{"channel":"company-1-ticket","data":…}`) and islands subscribe to it.
 * - A **room** names who receives it; the hub keeps sockets in rooms and never shows room
 *   names to clients.
 *
 * Channel names are the ones the spec's client listens on. Where the original server and its
 * own client disagreed (quick messages, schedules, files), the client's name is used, since
 * that is the one a Whaticket screen hears.
 *
 * @example
 * await hub.publish(rooms.company(companyId), channels.contact(companyId), event);
 * useChannel(channels.contact(session.companyId), onContact);
 */

export const channels = {
  /** Ticket `update`, `delete`, `updateUnread`; sent to each user who may see the ticket. */
  ticket: (companyId: number) => `company-${companyId}-ticket`,
  /** Message `create` {message, ticket, contact} and `update` {message}. */
  appMessage: (companyId: number) => `company-${companyId}-appMessage`,
  contact: (companyId: number) => `company-${companyId}-contact`,
  user: (companyId: number) => `company-${companyId}-user`,
  /** A sign-in of this user elsewhere: other tabs sign out. Sent to the user's room. */
  auth: (companyId: number) => `company-${companyId}-auth`,
  settings: (companyId: number) => `company-${companyId}-settings`,
  whatsapp: (companyId: number) => `company-${companyId}-whatsapp`,
  /** QR codes and session states; sent to the company's admins only. */
  whatsappSession: (companyId: number) => `company-${companyId}-whatsappSession`,
  queue: (companyId: number) => `company-${companyId}-queue`,
  /** Balcão's own: the queue menu editor's options. */
  queueOption: (companyId: number) => `company-${companyId}-queueOption`,
  queueIntegration: (companyId: number) => `company-${companyId}-queueIntegration`,
  tag: (companyId: number) => `company-${companyId}-tag`,
  /** Spelled as the spec's client listens: no dash after "company", "quickemessage". */
  quickMessage: (companyId: number) => `company${companyId}-quickemessage`,
  /** No dash after "company", as the spec's client listens. */
  schedule: (companyId: number) => `company${companyId}-schedule`,
  campaign: (companyId: number) => `company-${companyId}-campaign`,
  campaignSettings: (companyId: number) => `company-${companyId}-campaignSettings`,
  contactList: (companyId: number) => `company-${companyId}-ContactList`,
  contactListItem: (companyId: number) => `company-${companyId}-ContactListItem`,
  /** One list's items (action `reload` after an import). */
  contactListItemsOf: (companyId: number, listId: number) =>
    `company-${companyId}-ContactListItem-${listId}`,
  /** Internal chats' list: `new-message`, `update`, `delete`. */
  chat: (companyId: number) => `company-${companyId}-chat`,
  /** One internal chat's messages. */
  chatOf: (companyId: number, chatId: number) => `company-${companyId}-chat-${chatId}`,
  /** A chat created or changed for one member. */
  chatOfUser: (companyId: number, userId: number) => `company-${companyId}-chat-user-${userId}`,
  help: (companyId: number) => `company-${companyId}-help`,
  announcement: (companyId: number) => `company-${companyId}-announcement`,
  /**
   * The super user's announcements (`create`, `update`, `delete`): platform-wide, so one name
   * for every company (the spec's global "company-announcement"), sent to `rooms.everyone`.
   */
  announcements: () => "company-announcement",
  /** No dash after "company", as the spec's client listens. */
  file: (companyId: number) => `company${companyId}-file`,
  prompt: (companyId: number) => `company-${companyId}-prompt`,
  /** `{action: "CONCLUIDA", company}` once a payment is confirmed. */
  payment: (companyId: number) => `company-${companyId}-payment`,
} as const;

/** What user rooms start with; SQL that lists a ticket's audience builds the same names. */
export const USER_ROOM_PREFIX = "user-";

export const rooms = {
  /** Every socket of the company's users (pinned at connect). */
  company: (companyId: number) => `company-${companyId}`,
  /** Every socket of one user (pinned at connect): events filtered for that user. */
  user: (userId: number) => `${USER_ROOM_PREFIX}${userId}`,
  /** Every socket of every company (pinned at connect): platform-wide notices only. */
  everyone: () => "everyone",
} as const;

/** What a socket starts in, before any join: its company's, its user's and everyone's room. */
export function pinnedRooms(principal: { companyId: number; userId: number }): string[] {
  return [rooms.company(principal.companyId), rooms.user(principal.userId), rooms.everyone()];
}
