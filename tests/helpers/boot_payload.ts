/**
 * Reads what a server-rendered page hands its islands: the props of each island and the
 * client data, decoded from the boot script the way the browser would.
 */
import { parse } from "../../lib/islands/codec.ts";

export interface BootPayload {
  /** Island name → props of its first instance on the page. */
  islands: Record<string, Record<string, unknown>>;
  data: Record<string, unknown>;
}

export function bootPayload(html: string): BootPayload {
  const script = /<script type="module"[^>]*>([^]*?)<\/script>/.exec(html)?.[1];
  if (!script) throw new Error("The page has no boot script.");
  const call = /boot\(\{([^}]*)\},("(?:[^"\\]|\\.)*")\);$/.exec(script);
  if (!call) throw new Error(`Unexpected boot script: ${script.slice(0, 200)}`);
  const names = [...call[1]!.matchAll(/"([^"]+)":/g)].map((m) => m[1]!);
  const { props, data } = parse(JSON.parse(call[2]!)) as {
    props: Record<string, unknown>[];
    data: Record<string, unknown>;
  };
  // Markers give each rendered island's name and index into `props`.
  const islands: BootPayload["islands"] = {};
  for (const marker of html.matchAll(/<!--isl:([^:]+):(\d+)-->/g)) {
    const name = marker[1]!;
    if (names.includes(name) && !(name in islands)) islands[name] = props[Number(marker[2])]!;
  }
  return { islands, data };
}
