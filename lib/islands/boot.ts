/**
 * The browser side of the islands layer (bundled by build.ts; the server never runs it).
 *
 * `boot` finds the ranges the server marked with `<!--isl:Name:index-->` … `<!--/isl-->`,
 * rebuilds the props with the codec and renders each island into its range with Preact's
 * `render` (not `hydrate`): rendering into a parent that already holds the server's nodes
 * reuses them and attaches the event handlers.
 */
import { type ComponentType, h, render } from "preact";
import { parse } from "./codec.ts";
import { runBootHooks } from "./client_data.ts";

/** Island name (as in the markers) → component. */
export type IslandComponents = Record<string, ComponentType<Record<string, unknown>>>;

/** A marked range of sibling nodes: the island's server output sits between the markers. */
export interface IslandRange {
  name: string;
  index: number;
  start: Comment;
  end: Comment;
}

const START = /^isl:([^:]+):(\d+)$/;
const END = "/isl";

/** Finds the outermost island ranges under `root`, in document order. */
export function findIslands(root: Node): IslandRange[] {
  const found: IslandRange[] = [];
  const open: { name: string; index: number; start: Comment }[] = [];
  const walk = (node: Node) => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 8) {
        const text = (child as Comment).data;
        const match = START.exec(text);
        if (match) {
          open.push({ name: match[1]!, index: Number(match[2]), start: child as Comment });
        } else if (text === END) {
          const top = open.pop();
          // Only ranges opened while no other range was open are roots.
          if (top && open.length === 0) found.push({ ...top, end: child as Comment });
        }
      } else if (child.nodeType === 1) {
        const tag = (child as Element).localName;
        if (tag !== "script" && tag !== "style" && tag !== "template") walk(child);
      }
    }
  };
  walk(root);
  return found;
}

/**
 * A stand-in parent for Preact: its children are the nodes between the markers, and it
 * inserts before the end marker, so several islands can share one real parent.
 */
export function rangeParent(range: IslandRange): Element {
  const parent = range.start.parentNode!;
  const between = (): Node[] => {
    const nodes: Node[] = [];
    for (let n = range.start.nextSibling; n && n !== range.end; n = n.nextSibling) nodes.push(n);
    return nodes;
  };
  const fake = {
    nodeType: 1,
    namespaceURI: (parent as Element).namespaceURI,
    ownerDocument: parent.ownerDocument,
    parentNode: parent,
    get firstChild() {
      const first = range.start.nextSibling;
      return first === range.end ? null : first;
    },
    get childNodes() {
      return between();
    },
    insertBefore(node: Node, before: Node | null) {
      return parent.insertBefore(node, before ?? range.end);
    },
    appendChild(node: Node) {
      return parent.insertBefore(node, range.end);
    },
    removeChild(node: Node) {
      return parent.removeChild(node);
    },
    contains(node: Node) {
      return between().some((n) => n === node || n.contains(node));
    },
  };
  return fake as unknown as Element;
}

/**
 * Boots the islands of this page: runs the `onBoot` hooks with the client data, then
 * renders each outermost island into its range, one task each so a slow island does not
 * hold up the others.
 */
export function boot(islands: IslandComponents, payload: string, root: Node = document.body) {
  const { props, data } = parse(payload) as {
    props: Record<string, unknown>[];
    data: Record<string, unknown>;
  };
  runBootHooks(data);
  for (const range of findIslands(root)) {
    const component = islands[range.name];
    if (!component) {
      console.error(`Island "${range.name}" was rendered but its module was not loaded.`);
      continue;
    }
    if (range.start.parentNode !== range.end.parentNode) {
      console.error(
        `Island "${range.name}" cannot start: its markers have different parents, so the ` +
          `browser moved nodes while parsing. This happens with invalid nesting such as a ` +
          `<div> inside a <p> or an <a> inside an <a>; fix the markup around the island.`,
      );
      continue;
    }
    const islandProps = props[range.index] ?? {};
    setTimeout(() => render(h(component, islandProps), rangeParent(range)), 0);
  }
}
