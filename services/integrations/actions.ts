/**
 * What an integration may do in a ticket: say something (text, or a file it names by its
 * address), move the ticket to a queue or a person, or resolve it. Every move stops the
 * integration in that ticket (the anchor's bot kept talking after a transfer).
 */
import { sql } from "../../lib/db/mod.ts";
import { cancelTimers } from "../automation/timers.ts";
import type { ServiceDeps } from "../deps.ts";
import { closeTicket, sendSystemMessage, type Ticket, transferTo } from "../tickets/mod.ts";
import { stopSession } from "./sessions.ts";

type ActionDeps = Pick<
  ServiceDeps,
  "db" | "hub" | "media" | "mediaLinks" | "clock" | "log" | "outbound"
>;

/** Where files an integration sent by address are kept (`<company>/integrations/…`). */
const MEDIA_AREA = "integrations";
const MEDIA_TIMEOUT_MS = 20_000;

export type BotReply =
  | { kind: "text"; text: string }
  | { kind: "media"; url: string; mediaKind: "image" | "audio" | "video" };

/** Common extensions for the types an integration's file may arrive as, by MIME type. */
const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "audio/mpeg": "mp3",
  "audio/ogg": "ogg",
  "audio/mp4": "m4a",
  "audio/aac": "aac",
  "video/mp4": "mp4",
};

/** A file name for what an address gave: its own name when it has an extension. */
function fileNameOf(url: string, contentType: string | null): string {
  const last = decodeURIComponent(new URL(url).pathname.split("/").pop() ?? "")
    .replace(/[^\p{L}\p{N}._-]/gu, "_").slice(-80);
  if (/\.[a-z0-9]{2,4}$/i.test(last)) return last;
  const ext = EXTENSIONS[(contentType ?? "").split(";")[0]!.trim().toLowerCase()] ?? "bin";
  return `${last || "arquivo"}.${ext}`;
}

/**
 * Sends one reply as the bot's, `notBefore` holding it back (Typebot's typing pause). A file
 * is fetched through the outbound guard and stored like an upload; one that cannot be
 * fetched or is not an allowed type goes as its address, so the customer still gets it.
 */
export async function sendBotMessage(
  deps: ActionDeps,
  companyId: number,
  ticket: Ticket,
  reply: BotReply,
  notBefore?: Date,
): Promise<void> {
  if (reply.kind === "text") {
    await sendSystemMessage(deps, companyId, ticket, reply.text, { notBefore });
    return;
  }
  try {
    const response = await deps.outbound(reply.url, {}, { timeoutMs: MEDIA_TIMEOUT_MS });
    if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
    const name = fileNameOf(response.url, response.headers.get("content-type"));
    const stored = await deps.media.save(
      companyId,
      MEDIA_AREA,
      new File([response.body as BlobPart], name),
    );
    await sendSystemMessage(deps, companyId, ticket, "", {
      media: { path: stored.path, name: stored.name },
      notBefore,
    });
  } catch (error) {
    deps.log.warn("An integration's file could not be fetched: sent as its address", {
      companyId,
      ticketId: ticket.id,
      reason: error instanceof Error ? error.message : String(error),
    });
    await sendSystemMessage(deps, companyId, ticket, reply.url, { notBefore });
  }
}

/**
 * Moves the ticket to a queue of the company (and to one of its users, who then has it
 * open), and stops the integration there. An id of another company is not followed: the
 * integration stops all the same and the ticket waits where it is.
 */
export async function transferByBot(
  deps: ActionDeps,
  companyId: number,
  ticketId: number,
  target: { queueId?: number; userId?: number },
): Promise<void> {
  const now = deps.clock.now();
  const queue = target.queueId === undefined ? undefined : await deps.db.maybeOne(sql`
    select 1 from queues where id = ${target.queueId} and company_id = ${companyId}`);
  const user = target.userId === undefined ? undefined : await deps.db.maybeOne(sql`
    select 1 from users where id = ${target.userId} and company_id = ${companyId}`);
  await stopSession(deps.db, companyId, ticketId, "transferred", now);
  if (!queue && !user) {
    deps.log.warn("An integration asked for a transfer to an unknown queue or user", {
      companyId,
      ticketId,
      ...target,
    });
    return;
  }
  const moved = await transferTo(deps, companyId, ticketId, {
    queueId: queue ? target.queueId : undefined,
    userId: user ? target.userId : undefined,
    now,
  });
  if (moved && user) await cancelTimers(deps.db, ticketId, "transfer");
}

/** Resolves the ticket on the integration's word (a webhook's close, Dialogflow's end). */
export async function closeByBot(
  deps: ActionDeps,
  companyId: number,
  ticketId: number,
  reason: string,
): Promise<void> {
  const now = deps.clock.now();
  await stopSession(deps.db, companyId, ticketId, reason, now);
  const closed = await closeTicket(deps, companyId, ticketId, { now });
  if (!closed) return;
  await cancelTimers(deps.db, ticketId, "transfer", "expire");
}
