/**
 * A happy-dom window whose DOM classes are copied onto `globalThis`, for Preact and
 * Testing Library under `deno test`. Import this module before anything that reads
 * `document`. happy-dom's GlobalRegistrator is not used: under Deno its events fail
 * `dispatchEvent`'s type check (toolchain.md item 9).
 */
import { Window } from "happy-dom";

const GLOBALS = [
  "document",
  "navigator",
  "HTMLElement",
  "Element",
  "Node",
  "Text",
  "Comment",
  "Event",
  "MouseEvent",
  "KeyboardEvent",
  "InputEvent",
  "FocusEvent",
  "CustomEvent",
  "MutationObserver",
  "getComputedStyle",
  "requestAnimationFrame",
  "cancelAnimationFrame",
  "DocumentFragment",
  "HTMLInputElement",
  "HTMLButtonElement",
  "SVGElement",
  "DOMParser",
  "NodeFilter",
  "ShadowRoot",
];

/** The shared test window; created once per test process. */
export const testWindow = new Window({ url: "http://localhost/" });

const w = testWindow as unknown as Record<string, unknown>;
for (const key of ["window", ...GLOBALS]) {
  Object.defineProperty(globalThis, key, {
    value: key === "window" ? testWindow : w[key],
    configurable: true,
    writable: true,
  });
}

/** Replaces the document's content with `html` (a whole document's markup). */
export function loadDocument(html: string): Document {
  const doc = testWindow.document as unknown as Document;
  doc.open();
  doc.write(html);
  doc.close();
  return doc;
}
