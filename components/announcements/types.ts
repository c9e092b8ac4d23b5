/** An announcement as the API answers it (admin §3). */
export interface AnnouncementRow {
  id: number;
  title: string;
  text: string;
  /** 1 high (red), 2 medium (orange), 3 low (grey). */
  priority: 1 | 2 | 3;
  status: boolean;
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: string;
  updatedAt: string;
}

export const PRIORITIES = [1, 2, 3] as const;
