/**
 * The WhatsApp area's entry: builds the session manager with the installed providers.
 * `beta` is WhatsApp through Baileys; `sandbox` is the simulated phone.
 */
import type { Db } from "../../lib/db/mod.ts";
import type { Hub } from "../../lib/realtime/mod.ts";
import type { ProviderFactory, ProviderName } from "./provider.ts";
import { sandboxFactory, type SandboxOptions } from "./sandbox/provider.ts";
import { baileysFactory, type BaileysOptions } from "./baileys/provider.ts";
import { WhatsappSessions } from "./sessions.ts";

export interface WhatsappOptions {
  db: Db;
  hub?: Hub;
  instanceId?: string;
  leaseMs?: number;
  sandbox?: SandboxOptions;
  baileys?: BaileysOptions;
  /** Replaces or adds providers (tests pass fakes). */
  providers?: Partial<Record<ProviderName, ProviderFactory>>;
}

export function createWhatsappSessions(options: WhatsappOptions): WhatsappSessions {
  return new WhatsappSessions({
    db: options.db,
    hub: options.hub,
    instanceId: options.instanceId ?? options.hub?.instanceId ?? crypto.randomUUID(),
    leaseMs: options.leaseMs,
    providers: {
      beta: baileysFactory(options.baileys),
      sandbox: sandboxFactory(options.sandbox),
      ...options.providers,
    },
  });
}

export { WhatsappSessions } from "./sessions.ts";
