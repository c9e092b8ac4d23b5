/** The announcements area: what routes and pages may call. */
export * from "./announcements.ts";
export { attachAnnouncementMedia, detachAnnouncementMedia } from "./media.ts";
export type { AnnouncementEvent } from "./events.ts";
export type * from "./types.ts";
