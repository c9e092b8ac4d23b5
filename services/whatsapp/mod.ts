/**
 * The WhatsApp area's entry: builds the session manager with the installed providers.
 * `beta` is WhatsApp through Baileys; `sandbox` is the simulated phone.
 */
import type { Db } from "../../lib/db/mod.ts";
import { mediaFile } from "../../lib/media/store.ts";
import type { Hub } from "../../lib/realtime/mod.ts";
import type { ProviderFactory, ProviderName } from "./provider.ts";
import { sandboxFactory, type SandboxOptions } from "./sandbox/provider.ts";
import type { BaileysOptions } from "./baileys/provider.ts";
import { lazyBaileysFactory } from "./baileys/lazy.ts";
import { WhatsappSessions } from "./sessions.ts";

export interface WhatsappOptions {
  db: Db;
  hub?: Hub;
  instanceId?: string;
  leaseMs?: number;
  sandbox?: SandboxOptions;
  baileys?: BaileysOptions;
  /** `DATA_DIR`, where the outbox's media files are read from. */
  dataDir?: string;
  /** Replaces or adds providers (tests pass fakes). */
  providers?: Partial<Record<ProviderName, ProviderFactory>>;
}

export function createWhatsappSessions(options: WhatsappOptions): WhatsappSessions {
  return new WhatsappSessions({
    db: options.db,
    hub: options.hub,
    instanceId: options.instanceId ?? options.hub?.instanceId ?? crypto.randomUUID(),
    leaseMs: options.leaseMs,
    readMedia: options.dataDir ? mediaReader(options.dataDir) : undefined,
    providers: {
      beta: lazyBaileysFactory(options.baileys),
      sandbox: sandboxFactory(options.sandbox),
      ...options.providers,
    },
  });
}

function mediaReader(dataDir: string) {
  return async (path: string): Promise<Uint8Array> => {
    const file = mediaFile(dataDir, path);
    if (!file) throw new Error(`Media path outside the media folder: ${path}`);
    return await Deno.readFile(file);
  };
}

export { WhatsappSessions } from "./sessions.ts";
