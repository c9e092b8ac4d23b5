/**
 * The ticket screen's keyboard shortcuts. They follow the platform: the command key is ⌘ on
 * Apple machines and Ctrl elsewhere, Option/Alt combinations are matched by the physical key
 * (`event.code`), since on a Mac Option+letter types a symbol. Alt combinations work from
 * inside the reply box too; "?" only outside text fields, where it would otherwise be typed.
 * Each command travels as a window event, so the list, the conversation and the page each
 * handle their own without sharing state.
 */
import { useEffect, useRef } from "preact/hooks";

export type TicketCommand =
  | "next"
  | "previous"
  | "accept"
  | "resolve"
  | "transfer"
  | "search"
  | "reply"
  | "help";

interface Shortcut {
  command: TicketCommand;
  /** The keys as shown in the help dialog: a list of key caps. */
  keys: (mac: boolean) => string[];
  matches: (event: KeyboardLike, mac: boolean) => boolean;
}

export interface KeyboardLike {
  key: string;
  code: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

const alt = (mac: boolean) => (mac ? "⌥" : "Alt");
const mod = (mac: boolean) => (mac ? "⌘" : "Ctrl");
const onlyAlt = (event: KeyboardLike) =>
  event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey;
const onlyMod = (event: KeyboardLike, mac: boolean) =>
  (mac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey) &&
  !event.altKey && !event.shiftKey;

export const SHORTCUTS: Shortcut[] = [
  {
    command: "next",
    keys: (mac) => [alt(mac), "↓"],
    matches: (event) => onlyAlt(event) && event.key === "ArrowDown",
  },
  {
    command: "previous",
    keys: (mac) => [alt(mac), "↑"],
    matches: (event) => onlyAlt(event) && event.key === "ArrowUp",
  },
  {
    command: "accept",
    keys: (mac) => [alt(mac), "A"],
    matches: (event) => onlyAlt(event) && event.code === "KeyA",
  },
  {
    command: "resolve",
    keys: (mac) => [alt(mac), "R"],
    matches: (event) => onlyAlt(event) && event.code === "KeyR",
  },
  {
    command: "transfer",
    keys: (mac) => [alt(mac), "T"],
    matches: (event) => onlyAlt(event) && event.code === "KeyT",
  },
  {
    command: "reply",
    keys: (mac) => [alt(mac), "M"],
    matches: (event) => onlyAlt(event) && event.code === "KeyM",
  },
  {
    command: "search",
    keys: (mac) => [mod(mac), "K"],
    matches: (event, mac) => onlyMod(event, mac) && event.code === "KeyK",
  },
  {
    command: "help",
    keys: (mac) => [mod(mac), "/"],
    matches: (event, mac) => onlyMod(event, mac) && event.key === "/",
  },
];

/** Keys the help dialog lists beside the commands: they belong to the reply box. */
export const TYPING_KEYS = [
  { id: "send", keys: ["Enter"] },
  { id: "newLine", keys: ["Shift", "Enter"] },
  { id: "quickReplies", keys: ["/"] },
  { id: "closeMenu", keys: ["Esc"] },
] as const;

export function isApple(platform: string): boolean {
  return /Mac|iPhone|iPad|iPod/i.test(platform);
}

/** The command a key press stands for, or null; `inField` when a text field has the focus. */
export function commandOf(event: KeyboardLike, mac: boolean, inField: boolean) {
  const found = SHORTCUTS.find((shortcut) => shortcut.matches(event, mac));
  if (found) return found.command;
  const bare = !event.altKey && !event.ctrlKey && !event.metaKey;
  return !inField && bare && event.key === "?" ? "help" : null;
}

const EVENT = "ticket-command";

export function sendTicketCommand(command: TicketCommand) {
  dispatchEvent(new CustomEvent(EVENT, { detail: command }));
}

/** Runs `handler` for the commands this part of the screen answers. */
export function useTicketCommand(handler: (command: TicketCommand) => void) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener = (event: Event) => latest.current((event as CustomEvent).detail);
    addEventListener(EVENT, listener);
    return () => removeEventListener(EVENT, listener);
  }, []);
}

function inTextField(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element?.tagName) return false;
  return element.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName);
}

/** Listens for the shortcuts on the page; a modal dialog open elsewhere keeps its keys. */
export function useTicketShortcuts() {
  useEffect(() => {
    const mac = isApple(navigator.platform || navigator.userAgent);
    const listener = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      if (document.querySelector("dialog[open]")) return;
      const command = commandOf(event, mac, inTextField(event.target));
      if (!command) return;
      event.preventDefault();
      sendTicketCommand(command);
    };
    addEventListener("keydown", listener);
    return () => removeEventListener("keydown", listener);
  }, []);
}

/** Moves the keyboard focus where a keyboard user expects it, but not on touch screens. */
export function focusForKeyboard(element: HTMLElement | null | undefined) {
  if (!element) return;
  // A phone would open its on-screen keyboard over the conversation.
  if (typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches) return;
  element.focus();
}
