/**
 * Deno's own `Event`, captured before `dom.ts` puts happy-dom's in its place. Deno's WebSocket
 * builds its events from the global `Event`, and with happy-dom's it never fires them; an
 * island test that talks to a real socket puts this one back (Testing Library builds its
 * events from the happy-dom window, not from the global, so it is unaffected).
 *
 * Import this module before `dom.ts`.
 */
export const DenoEvent: typeof Event = globalThis.Event;
