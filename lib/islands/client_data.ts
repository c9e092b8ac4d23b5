/**
 * Client-side init hooks. The server hands `renderPage` a `clientData` object (e.g. the
 * i18n resources of the current language); `boot` passes it here before any island renders,
 * so a module such as the i18n client can initialise synchronously and islands can
 * translate on their first render.
 *
 * Usage, at the top level of a module islands import:
 *
 * ```ts
 * onBoot((data) => i18next.init({ lng: data.lang as string, resources: data.i18n as … }));
 * ```
 *
 * Island modules are imported by the boot script before it calls `boot`, so their
 * top-level `onBoot` calls are registered in time. A hook registered after boot ran is
 * called at once with the same data. Bundling with code splitting keeps one copy of this
 * module for boot and every island.
 */

/** Receives the page's client data; runs once, before the islands render. */
export type BootHook = (data: Readonly<Record<string, unknown>>) => void;

const hooks: BootHook[] = [];
let booted: Readonly<Record<string, unknown>> | undefined;

/** Registers a hook; if boot already ran, calls it now. */
export function onBoot(hook: BootHook): void {
  hooks.push(hook);
  if (booted) hook(booted);
}

/** The client data of this page, or undefined before boot. */
export function clientData(): Readonly<Record<string, unknown>> | undefined {
  return booted;
}

/** Called by `boot`: records the data and runs every hook registered so far. */
export function runBootHooks(data: Record<string, unknown>): void {
  booted = Object.freeze({ ...data });
  for (const hook of hooks) {
    try {
      hook(booted);
    } catch (err) {
      // One failing hook must not keep the islands from booting.
      console.error("An island boot hook failed:", err);
    }
  }
}

/** Forgets hooks and data; for tests. */
export function resetBootHooks(): void {
  hooks.length = 0;
  booted = undefined;
}
