/**
 * The outbox area's entry (DESIGN §6, §8a): the one owner of `whatsapp_outbox`. Others
 * queue with `enqueue` (in their transaction), read outcomes back (`waitFor`, `withdraw`,
 * `OUTBOX_OUTCOMES`, `originOf`, `queuedAs`, `gaveUp`); the connection's owner sends with
 * `sendDue` and wakes on `OUTBOX_CHANNEL`.
 */
export {
  enqueue,
  type Enqueued,
  newMessageId,
  OUTBOX_CHANNEL,
  type OutboxEntry,
} from "./enqueue.ts";
export {
  CLAIM_MS,
  claimDue,
  markFailed,
  markSent,
  MAX_ATTEMPTS,
  type OutboxOutcomes,
  type OutboxRow,
  retryDelayMs,
  sendDue,
} from "./sender.ts";
export { gaveUp, originOf, OUTBOX_OUTCOMES, queuedAs, waitFor, withdraw } from "./outcomes.ts";
export type { MessageOrigin, OutboxMedia, OutboxOutcome, OutboxPayload } from "./types.ts";
