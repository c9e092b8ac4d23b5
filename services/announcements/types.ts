/** The announcements area's shapes (admin §3). */
import type { ServiceDeps } from "../deps.ts";

export type Priority = 1 | 2 | 3;

export interface Announcement {
  id: number;
  title: string;
  text: string;
  priority: Priority;
  status: boolean;
  /** A signed address of the picture, or null. */
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AnnouncementInput {
  title: string;
  text: string;
  priority: Priority;
  status: boolean;
}

/** Who reads: the bell marks what this user has not seen yet. */
export interface Reader {
  userId: number;
  super: boolean;
}

export type AnnouncementDeps = Pick<ServiceDeps, "db" | "hub" | "clock" | "mediaLinks" | "media">;
