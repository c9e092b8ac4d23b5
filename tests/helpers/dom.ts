/**
 * A browser-like DOM for island tests: a happy-dom `Window` whose globals are copied onto
 * `globalThis`. Import this module FIRST in a test file (before Testing Library, which
 * reads `document` when it loads). The global registrator is not used: under Deno it
 * breaks `dispatchEvent` (toolchain.md item 9).
 */
import { Window } from "happy-dom";

export const testWindow = new Window({ url: "http://localhost:8000/" });

const GLOBALS = [
  "document",
  "navigator",
  "location",
  "HTMLElement",
  "HTMLInputElement",
  "HTMLSelectElement",
  "HTMLButtonElement",
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
  "SVGElement",
  "DOMParser",
  "NodeFilter",
  "ShadowRoot",
] as const;

const source = testWindow as unknown as Record<string, unknown>;
Object.defineProperty(globalThis, "window", {
  value: testWindow,
  configurable: true,
  writable: true,
});
for (const name of GLOBALS) {
  const value = source[name];
  Object.defineProperty(globalThis, name, {
    value: typeof value === "function" && /^[a-z]/.test(name) ? value.bind(testWindow) : value,
    configurable: true,
    writable: true,
  });
}

/** Forgets every cookie the page set, so tests do not see each other's choices. */
export function clearCookies(): void {
  for (const part of testWindow.document.cookie.split(";")) {
    const name = part.split("=")[0]?.trim();
    if (name) testWindow.document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
}

/** Replaces the document's content with `html` (a whole document's markup). */
export function loadDocument(html: string): Document {
  const doc = testWindow.document as unknown as Document;
  doc.open();
  doc.write(html);
  doc.close();
  return doc;
}
