/**
 * One message in the conversation (core §2 message view): the customer's on the left, ours
 * on the right with delivery ticks (core §4 ack), the quoted message above the text, and
 * each media kind drawn as itself: picture, audio player, video, file to download, location
 * card, contact card; a missed call is a line of its own. Deleted messages keep their place
 * with a marker.
 */
import { CheckIcon, ContactCardIcon, MapPinIcon, TrashIcon } from "../../components/icons.tsx";
import { cx } from "../../components/ui/cx.ts";
import { useT } from "../../lib/i18n/client.ts";
import type { Message } from "../../services/tickets/rows.ts";
import { ClockIcon } from "../../components/shell/icons.tsx";
import { BanIcon, DoubleCheckIcon, DownloadIcon, PhoneMissedIcon, ReplyIcon } from "./icons.tsx";
import { richText } from "./rich_text.tsx";
import { parseVcard } from "../../lib/vcard.ts";
import { ownMediaAddress } from "../../lib/client/media_url.ts";

export interface MessageBubbleProps {
  message: Message;
  time: string;
  /** Hidden in the read-only peek. */
  onReply?: () => void;
  onDelete?: () => void;
}

interface MessageData {
  location?: { latitude: number; longitude: number; name?: string; address?: string };
  vcards?: string[];
  callLog?: { isVideo: boolean };
  sendFailed?: boolean;
}

export function Ticks({ ack }: { ack: number }) {
  const t = useT();
  const label = t(`tickets.ack.${Math.min(Math.max(ack, 0), 5)}`);
  const icon = ack <= 0
    ? <ClockIcon size={14} />
    : ack <= 2
    ? <CheckIcon size={14} />
    : <DoubleCheckIcon size={15} class={ack >= 4 ? "text-sky-500" : undefined} />;
  return <span role="img" aria-label={label} title={label} data-ack={ack}>{icon}</span>;
}

export function MessageBubble({ message, time, onReply, onDelete }: MessageBubbleProps) {
  const t = useT();
  const data = (message.data ?? {}) as MessageData;
  if (message.mediaType === "call_log") {
    return (
      <div class="my-2 flex justify-center">
        <span class="inline-flex items-center gap-2 rounded-full bg-red-50 px-3 py-1 text-xs text-red-700 dark:bg-red-950 dark:text-red-300">
          <PhoneMissedIcon size={14} />
          {t(data.callLog?.isVideo ? "tickets.missedVideoCall" : "tickets.missedCall", { time })}
        </span>
      </div>
    );
  }
  const mine = message.fromMe;
  const caption = message.body && message.body !== message.mediaName ? message.body : "";
  return (
    <div class={cx("group my-1 flex", mine ? "justify-end" : "justify-start")}>
      <div
        data-message={message.id}
        class={cx(
          "relative max-w-[min(85%,34rem)] rounded-2xl px-3 pt-2 pb-1.5 text-sm shadow-sm",
          mine
            ? "rounded-br-md bg-brand-100 text-fg dark:bg-brand-900"
            : "rounded-bl-md bg-surface text-fg",
          message.isDeleted && "opacity-70",
        )}
      >
        {message.quotedMsg && (
          <div class="mb-1.5 rounded-lg border-l-4 border-brand-500 bg-black/5 px-2 py-1 text-xs dark:bg-white/10">
            <p class="font-medium text-brand-700 dark:text-brand-300">
              {message.quotedMsg.fromMe ? t("tickets.you") : t("tickets.customer")}
            </p>
            <p class="line-clamp-2 text-fg-muted">
              {message.quotedMsg.body ||
                t(`tickets.media.${mediaKey(message.quotedMsg.mediaType)}`)}
            </p>
          </div>
        )}
        <Media message={message} data={data} />
        {caption && (
          <p class={cx("break-words whitespace-pre-wrap", message.isDeleted && "line-through")}>
            {richText(caption)}
          </p>
        )}
        <div class="mt-0.5 flex items-center justify-end gap-1.5 text-[11px] text-fg-subtle">
          {message.isDeleted && (
            <span class="inline-flex items-center gap-1 italic">
              <BanIcon size={12} />
              {t("tickets.deleted")}
            </span>
          )}
          {message.isEdited && !message.isDeleted && (
            <span class="italic">{t("tickets.edited")}</span>
          )}
          {data.sendFailed && (
            <span class="font-medium text-red-600">{t("tickets.sendFailed")}</span>
          )}
          <time dateTime={message.createdAt}>{time}</time>
          {mine && <Ticks ack={message.ack} />}
        </div>
        {(onReply || onDelete) && !message.isDeleted && (
          <div
            class={cx(
              "absolute top-1 hidden gap-0.5 rounded-lg border border-line bg-surface p-0.5 shadow-sm group-hover:flex group-focus-within:flex",
              mine ? "right-full mr-1" : "left-full ml-1",
            )}
          >
            {onReply && (
              <button
                type="button"
                class="rounded p-1 text-fg-muted hover:bg-surface-muted hover:text-fg"
                aria-label={t("tickets.reply")}
                title={t("tickets.reply")}
                onClick={onReply}
              >
                <ReplyIcon size={16} />
              </button>
            )}
            {onDelete && mine && (
              <button
                type="button"
                class="rounded p-1 text-fg-muted hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-950"
                aria-label={t("tickets.deleteMessage")}
                title={t("tickets.deleteMessage")}
                onClick={onDelete}
              >
                <TrashIcon size={16} />
              </button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

const KNOWN_MEDIA = [
  "image",
  "audio",
  "video",
  "application",
  "locationMessage",
  "contactMessage",
  "sticker",
  "call_log",
  "reaction",
];

function mediaKey(mediaType: string): string {
  return KNOWN_MEDIA.includes(mediaType) ? mediaType : "other";
}

function Media({ message, data }: { message: Message; data: MessageData }) {
  const t = useT();
  const url = ownMediaAddress(message.mediaUrl);
  if (message.mediaType === "locationMessage" && data.location) {
    const { latitude, longitude, name, address } = data.location;
    const href =
      `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
    return (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        class="mb-1 flex items-start gap-2.5 rounded-xl bg-black/5 p-2.5 hover:bg-black/10 dark:bg-white/10"
      >
        <MapPinIcon size={22} class="mt-0.5 shrink-0 text-red-500" />
        <span class="min-w-0">
          <span class="block font-medium">{name || t("tickets.location")}</span>
          {address && <span class="block text-xs text-fg-muted">{address}</span>}
          <span class="block text-xs text-fg-subtle tabular-nums">
            {latitude.toFixed(5)}, {longitude.toFixed(5)}
          </span>
        </span>
      </a>
    );
  }
  if (message.mediaType === "contactMessage" && data.vcards?.length) {
    return (
      <div class="mb-1 flex flex-col gap-1.5">
        {data.vcards.map((vcard, index) => {
          const card = parseVcard(vcard);
          return (
            <div
              key={index}
              class="flex items-center gap-2.5 rounded-xl bg-black/5 p-2.5 dark:bg-white/10"
            >
              <ContactCardIcon size={22} class="shrink-0 text-brand-600" />
              <span class="min-w-0">
                <span class="block font-medium">{card.name || t("tickets.contactCard")}</span>
                {card.numbers.map((number) => (
                  <span key={number} class="block text-xs text-fg-muted tabular-nums">
                    {number}
                  </span>
                ))}
              </span>
            </div>
          );
        })}
      </div>
    );
  }
  if (!url) return null;
  if (message.mediaType === "image") {
    return (
      <a href={url} target="_blank" rel="noopener" class="mb-1 block">
        <img
          src={url}
          alt={message.mediaName ?? t("tickets.media.image")}
          loading="lazy"
          class="max-h-72 max-w-full rounded-lg object-contain"
        />
      </a>
    );
  }
  if (message.mediaType === "audio") {
    return <audio controls preload="metadata" src={url} class="mb-1 h-10 w-64 max-w-full" />;
  }
  if (message.mediaType === "video") {
    return (
      <video controls preload="metadata" src={url} class="mb-1 max-h-72 max-w-full rounded-lg" />
    );
  }
  return (
    <a
      href={url}
      download={message.mediaName ?? undefined}
      class="mb-1 flex items-center gap-2.5 rounded-xl bg-black/5 p-2.5 hover:bg-black/10 dark:bg-white/10"
    >
      <DownloadIcon size={20} class="shrink-0 text-brand-600" />
      <span class="min-w-0 truncate font-medium">{message.mediaName ?? t("tickets.download")}</span>
    </a>
  );
}
