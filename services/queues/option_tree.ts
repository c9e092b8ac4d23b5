/**
 * A queue's whole chatbot menu written at once (admin §2 "Queue modal", #23: options are
 * saved when the queue dialog is saved, not before). The dialog sends the tree it shows;
 * inside the queue's transaction, nodes that carry an id are updated in place (so a ticket
 * standing on one keeps it), new ones are inserted, and the queue's nodes missing from the
 * tree are deleted. Media picked in the dialog travel in the same request and are written
 * before the transaction; the caller removes what the commit made unused.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import { fieldRefusal } from "../../lib/http/validate.ts";
import type { StoredMedia } from "../../lib/media/store.ts";

/** One node as the dialog sends it. */
export interface OptionTreeNode {
  /** An option of this queue to keep; absent for a new one. */
  id?: number;
  title: string;
  message?: string;
  /** What the contact types; empty means its position among its siblings ("1", "2", …). */
  option?: string;
  /** Names the file of the same request that becomes this node's media. */
  mediaKey?: string;
  /** Drops the node's current media (ignored when `mediaKey` gives a new one). */
  removeMedia?: boolean;
  /**
   * A leaf only: the company's queue the ticket moves to when the contact chooses it (the
   * chatbot, services/automation/chatbot.ts). Absent or null: it stays in this queue.
   */
  forwardQueueId?: number | null;
  /**
   * "billing": a leaf that asks for the customer's CPF/CNPJ and answers with their open bills
   * (the "segunda via", services/isp/); "message" (the default): every other node.
   */
  kind?: QueueOptionKind;
  children?: OptionTreeNode[];
}

export const QUEUE_OPTION_KINDS = ["message", "billing"] as const;
export type QueueOptionKind = typeof QUEUE_OPTION_KINDS[number];

/** Deep enough for any menu a person reads on a phone; keeps every check iterative-safe. */
export const MAX_OPTION_DEPTH = 8;
export const MAX_OPTION_NODES = 300;

interface Existing {
  id: number;
  mediaFile: string | null;
}

/** The stored files the commit leaves unused: replaced, removed or of deleted nodes. */
export type UnusedFiles = string[];

/** A leaf's forwarding and where it sits in the request body, for a field refusal. */
interface Forward {
  queueId: number;
  path: string;
}

/**
 * Shape checks the schema cannot make: ids given once, unique answers among siblings, only
 * leaves forwarding. Answers the forwards, for the caller to check against the company.
 */
function checkTree(tree: OptionTreeNode[]): Forward[] {
  const ids = new Set<number>();
  const forwards: Forward[] = [];
  let count = 0;
  const walk = (level: OptionTreeNode[], depth: number, path: string) => {
    if (depth > MAX_OPTION_DEPTH) throw new AppError("ERR_QUEUE_OPTIONS_TOO_DEEP", 400);
    const answers = new Set<string>();
    level.forEach((node, index) => {
      count++;
      const at = `${path}.${index}`;
      if (node.id !== undefined) {
        if (ids.has(node.id)) throw new AppError("ERR_QUEUE_OPTION_REPEATED", 400);
        ids.add(node.id);
      }
      const answer = answerOf(node, index).toLowerCase();
      if (answers.has(answer)) {
        throw new AppError("ERR_QUEUE_OPTION_ANSWER_TAKEN", 400, { option: answerOf(node, index) });
      }
      answers.add(answer);
      const children = node.children ?? [];
      if (node.kind === "billing" && children.length > 0) {
        throw fieldRefusal(`${at}.kind`, { code: "ERR_QUEUE_OPTION_BILLING_NOT_LEAF" });
      }
      if (node.forwardQueueId != null) {
        // The chatbot opens a node with sub-options; a forward there would never happen.
        if (children.length > 0) {
          throw fieldRefusal(`${at}.forwardQueueId`, { code: "ERR_QUEUE_OPTION_FORWARD_NOT_LEAF" });
        }
        forwards.push({ queueId: node.forwardQueueId, path: `${at}.forwardQueueId` });
      }
      walk(children, depth + 1, `${at}.children`);
    });
  };
  walk(tree, 1, "options");
  if (count > MAX_OPTION_NODES) {
    throw new AppError("ERR_QUEUE_OPTIONS_TOO_MANY", 400, { limit: MAX_OPTION_NODES });
  }
  return forwards;
}

/** Every queue a leaf forwards to must be the company's own (the foreign key is not). */
async function assertForwards(
  tx: Queryable,
  companyId: number,
  forwards: Forward[],
): Promise<void> {
  if (forwards.length === 0) return;
  const found = new Set(
    (await tx.query<{ id: number }>(sql`
      select id from queues
      where company_id = ${companyId} and id = any(${forwards.map((f) => f.queueId)}::int[])`))
      .map((row) => row.id),
  );
  const wrong = forwards.find((forward) => !found.has(forward.queueId));
  if (wrong) throw fieldRefusal(wrong.path, { code: "ERR_QUEUE_OPTION_FORWARD_QUEUE" });
}

function answerOf(node: OptionTreeNode, index: number): string {
  return node.option?.trim() || String(index + 1);
}

/** Every `mediaKey` of the tree, for the route to match against the request's files. */
export function mediaKeysOf(tree: OptionTreeNode[]): string[] {
  const keys: string[] = [];
  const walk = (level: OptionTreeNode[]) => {
    for (const node of level) {
      if (node.mediaKey) keys.push(node.mediaKey);
      walk(node.children ?? []);
    }
  };
  walk(tree);
  return keys;
}

/**
 * Makes the queue's options exactly `tree`, inside the caller's transaction (the queue row
 * already locked). Answers the files to remove once committed.
 */
export async function replaceOptionTree(
  tx: Queryable,
  companyId: number,
  queueId: number,
  tree: OptionTreeNode[],
  uploads: ReadonlyMap<string, StoredMedia>,
): Promise<UnusedFiles> {
  await assertForwards(tx, companyId, checkTree(tree));
  const existing = new Map(
    (await tx.query<Existing>(sql`
      select id, media_path as "mediaFile" from queue_options
      where company_id = ${companyId} and queue_id = ${queueId}
      order by id for update`)).map((row) => [row.id, row]),
  );
  const unused: UnusedFiles = [];
  const kept: number[] = [];

  const write = async (node: OptionTreeNode, index: number, parentId: number | null) => {
    const media = node.mediaKey === undefined ? undefined : uploads.get(node.mediaKey);
    if (node.mediaKey !== undefined && !media) {
      throw new AppError("ERR_QUEUE_OPTION_MEDIA_MISSING", 400);
    }
    const option = answerOf(node, index);
    const message = node.message ?? "";
    const forward = node.forwardQueueId ?? null;
    const kind = node.kind ?? "message";
    if (node.id === undefined) {
      const { id } = await tx.one<{ id: number }>(sql`
        insert into queue_options (company_id, queue_id, parent_id, title, message, option,
                                   media_path, media_name, forward_queue_id, kind)
        values (${companyId}, ${queueId}, ${parentId}, ${node.title}, ${message}, ${option},
                ${media?.path ?? null}, ${media?.name ?? null}, ${forward}::int, ${kind})
        returning id`);
      return id;
    }
    const before = existing.get(node.id);
    // An id of another queue or company is as unknown as a made-up one.
    if (!before) throw new AppError("ERR_NO_QUEUE_OPTION_FOUND", 404);
    const mediaChange = media
      ? sql`, media_path = ${media.path}, media_name = ${media.name}`
      : node.removeMedia
      ? sql`, media_path = null, media_name = null`
      : sql.empty;
    if ((media || node.removeMedia) && before.mediaFile) unused.push(before.mediaFile);
    await tx.run(sql`
      update queue_options
      set parent_id = ${parentId}, title = ${node.title}, message = ${message},
          option = ${option}, forward_queue_id = ${forward}::int, kind = ${kind},
          updated_at = now() ${mediaChange}
      where id = ${node.id} and company_id = ${companyId}`);
    kept.push(node.id);
    return node.id;
  };

  // Top-down, so a node moved under a new parent finds it inserted already.
  const writeLevel = async (level: OptionTreeNode[], parentId: number | null) => {
    for (const [index, node] of level.entries()) {
      const id = await write(node, index, parentId);
      await writeLevel(node.children ?? [], id);
    }
  };
  await writeLevel(tree, null);

  // Every kept node hangs from a kept or new parent now, so the cascade only takes the gone.
  const keptIds = new Set(kept);
  const gone = [...existing.values()].filter((row) => !keptIds.has(row.id));
  if (gone.length > 0) {
    await tx.run(sql`
      delete from queue_options
      where company_id = ${companyId} and id = any(${gone.map((row) => row.id)}::int[])`);
  }
  for (const row of gone) if (row.mediaFile) unused.push(row.mediaFile);
  return unused;
}
