/**
 * Renders a whole page on the server and, only when islands were rendered, appends the one
 * inline module script that boots them. A page without islands ships no JavaScript.
 */
import type { VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import { formatPath, stringify } from "./codec.ts";
import { type RenderedIsland, withIslandMarking } from "./hooks.ts";
import { type AssetManifest, moduleClosure } from "./manifest.ts";

export interface RenderPageOptions {
  /** This response's CSP nonce (`c.var.nonce`); the boot script carries it. */
  nonce: string;
  manifest: AssetManifest;
  /**
   * Data for client-side init hooks (`onBoot` in client_data.ts), e.g. the i18n resources of
   * the current language. Serialised only when the page has islands.
   */
  clientData?: Record<string, unknown>;
}

export interface RenderedPage {
  html: string;
  /** Module URLs to announce with `Link: <url>; rel=modulepreload`. */
  preload: string[];
}

/** Renders `page` (an `<html>` element) to a full document. Synchronous by design. */
export function renderPage(page: VNode, options: RenderPageOptions): RenderedPage {
  const { result: markup, islands } = withIslandMarking(() => renderToString(page));
  const html = "<!doctype html>" + markup;
  if (islands.length === 0) return { html, preload: [] };

  const { script, entries } = bootScript(islands, options);
  const at = html.lastIndexOf("</body>");
  const withScript = at === -1 ? html + script : html.slice(0, at) + script + html.slice(at);
  return { html: withScript, preload: moduleClosure(options.manifest, entries) };
}

function bootScript(islands: RenderedIsland[], options: RenderPageOptions) {
  const { manifest } = options;
  const moduleVars = new Map<string, string>();
  const imports: string[] = [`import{boot}from${JSON.stringify(manifest.boot)};`];
  const entries = [manifest.boot];
  const components: string[] = [];
  const named = new Set<string>();
  for (const { info } of islands) {
    let variable = moduleVars.get(info.module);
    if (!variable) {
      const href = manifest.islands[info.module];
      if (!href) {
        throw new Error(
          `Island module "${info.module}" is not in the asset manifest: add it to islands/ ` +
            `and rebuild with \`deno task build\`.`,
        );
      }
      variable = `m${moduleVars.size}`;
      moduleVars.set(info.module, variable);
      imports.push(`import*as ${variable} from${JSON.stringify(href)};`);
      entries.push(href);
    }
    if (named.has(info.name)) continue;
    named.add(info.name);
    components.push(`${JSON.stringify(info.name)}:${variable}[${JSON.stringify(info.exportName)}]`);
  }
  const payload = stringify(
    { props: islands.map((island) => island.props), data: options.clientData ?? {} },
    { describe: (path) => describePath(islands, path) },
  );
  const code = `${imports.join("")}boot({${components.join(",")}},${jsString(payload)});`;
  const nonce = options.nonce.replace(/[^A-Za-z0-9+/=_-]/g, "");
  return { script: `<script type="module" nonce="${nonce}">${code}</script>`, entries };
}

/**
 * A JS string literal that is safe inside `<script>`: escaping every `<` rules out both
 * `</script` (which would end the element) and `<!--` (which changes how HTML parses it).
 */
export function jsString(text: string): string {
  return JSON.stringify(text).replaceAll("<", "\\u003c");
}

function describePath(islands: RenderedIsland[], path: readonly (string | number)[]): string {
  if (path[0] === "props" && typeof path[1] === "number") {
    const name = islands[path[1]]?.info.name ?? "?";
    const prop = formatPath(path.slice(2));
    return prop === "" ? `the props of island "${name}"` : `the prop "${prop}" of island "${name}"`;
  }
  return `the client data "${formatPath(path.slice(1))}"`;
}
