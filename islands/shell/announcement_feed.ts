/**
 * Feeds the top bar's announcements bell (core §2): loads the active announcements with this
 * user's read marks, reloads them on every live change (the event carries no read mark), and
 * marks them read when the bell is opened.
 */
import { useEffect } from "preact/hooks";
import { api } from "../../lib/client/api.ts";
import { useChannel } from "../../lib/client/channel.ts";
import { ownMediaAddress } from "../../lib/client/media_url.ts";
import { channels } from "../../lib/realtime/channels.ts";
import { type AnnouncementNotice, announcementNotices } from "../../lib/ui/shell_signals.ts";

async function load(): Promise<void> {
  const bell = await api<{ records: AnnouncementNotice[] }>("/api/announcements/bell");
  // Balcão's own pages load pictures by path, whatever address they were reached at.
  announcementNotices.value = bell.records.map((item) => ({
    ...item,
    mediaPath: ownMediaAddress(item.mediaPath),
  }));
}

/** Keeps the bell's list current; answers what to call when the bell opens. */
export function useAnnouncementFeed(): () => void {
  // A failed load leaves the bell as it was; the next event or page load tries again.
  const reload = () => void load().catch(() => {});
  useEffect(reload, []);
  useChannel(channels.announcements(), reload);
  return () => {
    if (!announcementNotices.value.some((item) => !item.read)) return;
    announcementNotices.value = announcementNotices.value.map((item) => ({ ...item, read: true }));
    void api("/api/announcements/bell/read", { method: "POST" }).catch(() => {});
  };
}
