/**
 * The WhatsApp area's entry: builds the session manager with the installed providers.
 * `beta` is WhatsApp through Baileys; `sandbox` is the simulated phone.
 */
import type { Db } from "../../lib/db/mod.ts";
import type { MediaStore } from "../../lib/media/store.ts";
import type { Hub } from "../../lib/realtime/mod.ts";
import type { ProviderFactory, ProviderName } from "./provider.ts";
import { sandboxFactory, type SandboxOptions } from "./sandbox/provider.ts";
import type { BaileysOptions } from "./baileys/provider.ts";
import { lazyBaileysFactory } from "./baileys/lazy.ts";
import { WhatsappSessions } from "./sessions.ts";

export interface WhatsappOptions {
  db: Db;
  /** Where the sessions' status events go (a null hub when nobody listens). */
  hub: Hub;
  instanceId?: string;
  leaseMs?: number;
  sandbox?: SandboxOptions;
  baileys?: BaileysOptions;
  /** Where the outbox's media files are read from. */
  media?: MediaStore;
  /** Replaces or adds providers (tests pass fakes). */
  providers?: Partial<Record<ProviderName, ProviderFactory>>;
}

export function createWhatsappSessions(options: WhatsappOptions): WhatsappSessions {
  const media = options.media;
  return new WhatsappSessions({
    db: options.db,
    hub: options.hub,
    instanceId: options.instanceId ?? options.hub.instanceId,
    leaseMs: options.leaseMs,
    readMedia: media && (async (path: string) => {
      const bytes = await media.read(path);
      // The row stays unsent (and is retried, then marked failed) rather than going out
      // without its file.
      if (!bytes) throw new Error(`The media file ${path} is not in the media store.`);
      return bytes;
    }),
    providers: {
      beta: lazyBaileysFactory(options.baileys),
      sandbox: sandboxFactory(options.sandbox),
      ...options.providers,
    },
  });
}

export { WhatsappSessions } from "./sessions.ts";
