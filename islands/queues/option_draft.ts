/**
 * The queue dialog's working copy of the chatbot menu: a tree edited in memory and sent with
 * the queue when the dialog is saved (POST/PUT /api/queue with `options`), so cancelling the
 * dialog leaves the stored menu as it was. Pure functions: every change answers a new tree.
 */
import type { QueueOptionRow } from "../../components/queues/types.ts";
import type { QueueOptionKind } from "../../services/queues/option_tree.ts";

export interface DraftOption {
  /** Stable within the dialog: the row id for a stored node, a made-up one for a new node. */
  key: string;
  /** The stored option this node updates; absent for a new one. */
  id?: number;
  title: string;
  message: string;
  /** A custom answer ("9"); empty means its position among its siblings. */
  option: string;
  /** The stored media's name and URL, until removed or replaced. */
  mediaName: string | null;
  mediaUrl: string | null;
  /** A file picked in the dialog, uploaded with the save. */
  file?: File;
  removeMedia?: boolean;
  /** The queue a leaf hands the ticket to; null: it stays in this queue. */
  forwardQueueId: number | null;
  /** "billing": a leaf that asks for a CPF/CNPJ and answers the open bills. */
  kind: QueueOptionKind;
  children: DraftOption[];
}

let counter = 0;
function newKey(): string {
  counter += 1;
  return `n${counter}`;
}

/** The stored rows (flat, any order) as a draft tree, siblings in creation order. */
export function draftFromRows(rows: QueueOptionRow[]): DraftOption[] {
  const level = (parentId: number | null): DraftOption[] =>
    rows.filter((row) => row.parentId === parentId).sort((a, b) => a.id - b.id).map(
      (row, index) => ({
        key: `o${row.id}`,
        id: row.id,
        title: row.title,
        message: row.message,
        // The default numbering is not kept as a custom answer: moving a node renumbers it.
        option: row.option === String(index + 1) ? "" : row.option,
        mediaName: row.mediaName,
        mediaUrl: row.mediaPath,
        forwardQueueId: row.forwardQueueId,
        kind: row.kind,
        children: level(row.id),
      }),
    );
  return level(null);
}

export function newOption(title: string): DraftOption {
  return {
    key: newKey(),
    title,
    message: "",
    option: "",
    mediaName: null,
    mediaUrl: null,
    forwardQueueId: null,
    kind: "message",
    children: [],
  };
}

/** What the contact types to choose the node at `index`. */
export function answerOf(node: DraftOption, index: number): string {
  return node.option.trim() || String(index + 1);
}

/** The tree with `change` applied to the node `key` (a function answering its new list). */
function mapLevel(
  tree: DraftOption[],
  key: string,
  change: (level: DraftOption[], index: number) => DraftOption[],
): DraftOption[] {
  const index = tree.findIndex((node) => node.key === key);
  if (index >= 0) return change(tree, index);
  return tree.map((node) => {
    const children = mapLevel(node.children, key, change);
    return children === node.children ? node : { ...node, children };
  });
}

export function updateOption(
  tree: DraftOption[],
  key: string,
  patch: Partial<Omit<DraftOption, "key" | "id" | "children">>,
): DraftOption[] {
  return mapLevel(
    tree,
    key,
    (level, index) => level.map((node, i) => (i === index ? { ...node, ...patch } : node)),
  );
}

/** Adds a sub-option; its parent becomes a plain menu, which forwards nowhere. */
export function addChild(tree: DraftOption[], parentKey: string, child: DraftOption) {
  return mapLevel(
    tree,
    parentKey,
    (level, index) =>
      level.map((node, i) =>
        i === index
          ? { ...node, forwardQueueId: null, kind: "message", children: [...node.children, child] }
          : node
      ),
  );
}

export function removeOption(tree: DraftOption[], key: string): DraftOption[] {
  return mapLevel(tree, key, (level, index) => level.filter((_, i) => i !== index));
}

/** Swaps the node with its previous (-1) or next (+1) sibling; at an end, nothing changes. */
export function moveOption(tree: DraftOption[], key: string, by: -1 | 1): DraftOption[] {
  return mapLevel(tree, key, (level, index) => {
    const target = index + by;
    if (target < 0 || target >= level.length) return level;
    const next = [...level];
    [next[index], next[target]] = [next[target]!, next[index]!];
    return next;
  });
}

/** How many nodes hang under `node`, at any depth. */
export function descendantsOf(node: DraftOption): number {
  return node.children.reduce((sum, child) => sum + 1 + descendantsOf(child), 0);
}

export interface OptionNodeBody {
  id?: number;
  title: string;
  message: string;
  option: string;
  mediaKey?: string;
  removeMedia?: boolean;
  forwardQueueId: number | null;
  kind: QueueOptionKind;
  children: OptionNodeBody[];
}

/** The tree as the API takes it, and the picked files by the key each node names. */
export function optionsPayload(
  tree: DraftOption[],
): { options: OptionNodeBody[]; files: Map<string, File> } {
  const files = new Map<string, File>();
  const convert = (node: DraftOption): OptionNodeBody => {
    if (node.file) files.set(node.key, node.file);
    return {
      ...(node.id === undefined ? {} : { id: node.id }),
      title: node.title.trim(),
      message: node.message,
      option: node.option.trim(),
      ...(node.file ? { mediaKey: node.key } : {}),
      ...(!node.file && node.removeMedia ? { removeMedia: true } : {}),
      // Only a leaf forwards or looks up bills (the server refuses either on a menu).
      forwardQueueId: node.children.length === 0 ? node.forwardQueueId : null,
      kind: node.children.length === 0 ? node.kind : "message",
      children: node.children.map(convert),
    };
  };
  return { options: tree.map(convert), files };
}

/** The keys of nodes whose title is empty, which the save would refuse. */
export function untitled(tree: DraftOption[]): string[] {
  return tree.flatMap((node) => [
    ...(node.title.trim() ? [] : [node.key]),
    ...untitled(node.children),
  ]);
}
