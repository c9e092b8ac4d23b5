import assert from "node:assert/strict";
import { commandOf, isApple, type KeyboardLike } from "./shortcuts.ts";

const press = (key: string, code: string, mods: Partial<KeyboardLike> = {}): KeyboardLike => ({
  key,
  code,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

Deno.test("shortcuts: Alt combinations by physical key, so a Mac's Option symbols match", () => {
  assert.equal(commandOf(press("ArrowDown", "ArrowDown", { altKey: true }), false, true), "next");
  assert.equal(commandOf(press("ArrowUp", "ArrowUp", { altKey: true }), true, false), "previous");
  assert.equal(commandOf(press("®", "KeyR", { altKey: true }), true, true), "resolve");
  assert.equal(commandOf(press("r", "KeyR", { altKey: true }), false, true), "resolve");
  assert.equal(commandOf(press("t", "KeyT", { altKey: true }), false, false), "transfer");
  assert.equal(commandOf(press("r", "KeyR", { altKey: true, shiftKey: true }), false, true), null);
});

Deno.test("shortcuts: the command key is ⌘ on Apple machines and Ctrl elsewhere", () => {
  assert.equal(commandOf(press("k", "KeyK", { ctrlKey: true }), false, true), "search");
  assert.equal(commandOf(press("k", "KeyK", { metaKey: true }), true, true), "search");
  assert.equal(commandOf(press("k", "KeyK", { ctrlKey: true }), true, true), null);
  assert.equal(commandOf(press("/", "Slash", { metaKey: true }), true, true), "help");
  assert.equal(isApple("MacIntel"), true);
  assert.equal(isApple("Linux x86_64"), false);
});

Deno.test("shortcuts: '?' opens the help outside text fields and is typed inside them", () => {
  assert.equal(commandOf(press("?", "Slash", { shiftKey: true }), false, false), "help");
  assert.equal(commandOf(press("?", "Slash", { shiftKey: true }), false, true), null);
  assert.equal(commandOf(press("r", "KeyR"), false, false), null);
});
