/**
 * Preact `options` hooks that mark island boundaries during a server render.
 *
 * Preact calls the diff hook (mangled name `__b`) before it renders any vnode, and `diffed`
 * after the vnode and its children are done. When the diff hook meets a registered island
 * outside any other island, it swaps the vnode's type for a wrapper that records the props
 * and surrounds the island's output with `<!--isl:Name:index-->` … `<!--/isl-->` (Fragments
 * with `UNSTABLE_comment`, which preact-render-to-string writes as comments). Islands
 * nested in an island are left as plain components: the outer island's client render
 * creates them.
 *
 * The state is module-global, which is safe only because `renderToString` is synchronous:
 * two requests can never interleave inside one render. preact-render-to-string reads the
 * hooks when a render starts, so they are installed once, when this module loads.
 */
import { Fragment, h, options, type VNode } from "preact";
import { type IslandInfo, islandOf } from "./registry.ts";

/** One island rendered in the current page, in marker-index order. */
export interface RenderedIsland {
  info: IslandInfo;
  props: Record<string, unknown>;
}

interface RenderState {
  islands: RenderedIsland[];
  /** How many island renders are open around the vnode being diffed. */
  depth: number;
}

type Hook = ((vnode: VNode) => void) | undefined;
type HookedOptions = { __b?: Hook; diffed?: Hook };

/** Set on the vnode of the real island inside its wrapper, so it is not wrapped again. */
const INNER = Symbol("islandInner");
type MarkedVNode = VNode & { [INNER]?: true; type: unknown };

let state: RenderState | undefined;
const wrappers = new Map<unknown, (props: Record<string, unknown>) => VNode>();

function wrapperFor(component: unknown, info: IslandInfo) {
  let wrapper = wrappers.get(component);
  if (wrapper) return wrapper;
  wrapper = function IslandBoundary(props: Record<string, unknown>): VNode {
    const index = state!.islands.push({ info, props }) - 1;
    const inner = h(component as (p: Record<string, unknown>) => VNode, props) as MarkedVNode;
    inner[INNER] = true;
    return h(
      Fragment,
      null,
      h(Fragment, { UNSTABLE_comment: `isl:${info.name}:${index}` } as Record<string, unknown>),
      inner,
      h(Fragment, { UNSTABLE_comment: "/isl" } as Record<string, unknown>),
    );
  };
  wrappers.set(component, wrapper);
  return wrapper;
}

const hooked = options as unknown as HookedOptions;
const previousDiff = hooked.__b;
const previousDiffed = hooked.diffed;

hooked.__b = function islandDiffHook(vnode: VNode) {
  const v = vnode as MarkedVNode;
  if (state && typeof v.type === "function") {
    const info = islandOf(v.type);
    if (info) {
      if (v[INNER]) state.depth++;
      else if (state.depth === 0) v.type = wrapperFor(v.type, info);
    }
  }
  previousDiff?.(vnode);
};

hooked.diffed = function islandDiffedHook(vnode: VNode) {
  if (state && (vnode as MarkedVNode)[INNER]) state.depth--;
  previousDiffed?.(vnode);
};

/**
 * Runs `render` with island marking switched on and returns its result with the islands
 * it met. Outside this call the hooks do nothing, so other renders are untouched.
 */
export function withIslandMarking<T>(render: () => T): { result: T; islands: RenderedIsland[] } {
  if (state) throw new Error("withIslandMarking cannot be nested: renders are synchronous.");
  const current: RenderState = { islands: [], depth: 0 };
  state = current;
  try {
    return { result: render(), islands: current.islands };
  } finally {
    state = undefined;
  }
}
