/** An announcement as the API answers it (admin §3): the service's own shape. */
export type { Announcement as AnnouncementRow } from "../../services/announcements/types.ts";

export const PRIORITIES = [1, 2, 3] as const;
