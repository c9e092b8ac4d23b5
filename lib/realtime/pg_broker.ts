/**
 * Fan-out between instances through Postgres LISTEN/NOTIFY (DESIGN §5): every instance
 * listens on one channel; a publisher notifies it with the envelope, or, when the envelope
 * is too large for NOTIFY, stores it in `realtime_payloads` and notifies its id.
 * Notifications are handled strictly in arrival order, even when one needs a load.
 */
import { type Db, sql } from "../db/mod.ts";
import {
  byteLength,
  decodeEnvelope,
  decodeNotice,
  encodeEnvelope,
  encodeStoredNotice,
  MAX_INLINE_BYTES,
} from "./envelope.ts";
import type { Broker, Envelope } from "./types.ts";

export interface PgBrokerOptions {
  db: Db;
  /** This instance; its own notifications are skipped (its hub delivered them already). */
  instanceId: string;
  /** @default "realtime" */
  channel?: string;
  /** Stored payloads older than this are deleted; readers load them within milliseconds. @default 300_000 */
  retentionMs?: number;
  /** At most one prune per this interval per instance, so pruning stays cheap. @default 60_000 */
  pruneEveryMs?: number;
  /** @default MAX_INLINE_BYTES */
  maxInlineBytes?: number;
}

export class PgBroker implements Broker {
  readonly #db: Db;
  readonly #instanceId: string;
  readonly #channel: string;
  readonly #retentionMs: number;
  readonly #pruneEveryMs: number;
  readonly #maxInlineBytes: number;
  #handlers = new Set<(envelope: Envelope) => void>();
  #unlisten?: () => Promise<void>;
  #queue: Promise<void> = Promise.resolve();
  #lastPrune = 0;
  #closed = false;

  private constructor(options: PgBrokerOptions) {
    this.#db = options.db;
    this.#instanceId = options.instanceId;
    this.#channel = options.channel ?? "realtime";
    this.#retentionMs = options.retentionMs ?? 300_000;
    this.#pruneEveryMs = options.pruneEveryMs ?? 60_000;
    this.#maxInlineBytes = options.maxInlineBytes ?? MAX_INLINE_BYTES;
  }

  /** Starts listening before it answers, so nothing published afterwards is missed. */
  static async create(options: PgBrokerOptions): Promise<PgBroker> {
    const broker = new PgBroker(options);
    broker.#unlisten = await options.db.listen(broker.#channel, (payload) => {
      broker.#queue = broker.#queue.then(() => broker.#receive(payload));
    });
    return broker;
  }

  async publish(envelope: Envelope): Promise<void> {
    if (this.#closed) throw new Error("This realtime broker is closed; the event was not sent.");
    const text = encodeEnvelope(envelope);
    if (byteLength(text) <= this.#maxInlineBytes) {
      await this.#db.notify(this.#channel, text);
      return;
    }
    // `::text` first: postgres.js would otherwise see a jsonb parameter and JSON-encode the
    // string a second time.
    const row = await this.#db.one<{ id: number }>(
      sql`insert into realtime_payloads (payload) values (${text}::text::jsonb) returning id`,
    );
    await this.#db.notify(this.#channel, encodeStoredNotice(envelope.origin, row.id));
    await this.#pruneNow();
  }

  subscribe(handler: (envelope: Envelope) => void): () => void {
    this.#handlers.add(handler);
    return () => void this.#handlers.delete(handler);
  }

  /** Stops listening and waits for the notifications already received. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#unlisten?.();
    await this.#queue;
    this.#handlers.clear();
  }

  async #receive(payload: string): Promise<void> {
    if (this.#closed) return;
    try {
      const notice = decodeNotice(payload);
      if (notice.kind === "inline") {
        if (notice.envelope.origin !== this.#instanceId) this.#dispatch(notice.envelope);
        return;
      }
      if (notice.origin === this.#instanceId) return;
      const row = await this.#db.maybeOne<{ payload: string }>(
        sql`select payload::text as payload from realtime_payloads where id = ${notice.id}`,
      );
      if (!row) {
        console.warn(`realtime: stored event ${notice.id} was already pruned; it is dropped.`);
        return;
      }
      this.#dispatch(decodeEnvelope(row.payload));
    } catch (err) {
      // One bad notification must not stop the ones after it.
      console.error("realtime: a notification could not be handled:", err);
    }
  }

  #dispatch(envelope: Envelope): void {
    for (const handler of this.#handlers) {
      try {
        handler(envelope);
      } catch (err) {
        console.error("realtime: a subscriber failed:", err);
      }
    }
  }

  async #pruneNow(): Promise<void> {
    const now = Date.now();
    if (now - this.#lastPrune < this.#pruneEveryMs) return;
    this.#lastPrune = now;
    await this.#db.run(
      sql`delete from realtime_payloads
          where created_at < now() - make_interval(secs => ${this.#retentionMs / 1000})`,
    );
  }
}
