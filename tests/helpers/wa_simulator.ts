/**
 * Starts the WhatsApp Web simulator for a test, with the Baileys options that point the
 * product's real provider at it.
 */
import { SIMULATOR_CA_FILE, WhatsappServer } from "../whatsapp_server/mod.ts";
import type { BaileysOptions } from "../../services/whatsapp/baileys/provider.ts";

export async function startSimulator(): Promise<WhatsappServer> {
  // The media host's certificate comes from the simulator's CA. Deno reads DENO_CERT once, at
  // the process's first request: tests/run.ts sets it for the whole run; a hand-run `deno test`
  // of several modules should set it too (an earlier module's request would come first).
  if (!Deno.env.get("DENO_CERT")) Deno.env.set("DENO_CERT", SIMULATOR_CA_FILE);
  return await new WhatsappServer({ trace: Deno.env.get("WA_SIM_TRACE") === "1" }).start();
}

export function baileysOptionsFor(
  server: WhatsappServer,
  extra: BaileysOptions = {},
): BaileysOptions {
  return {
    waWebSocketUrl: server.url,
    rootPublicKey: server.rootPublicKeyHex,
    connectTimeoutMs: 5_000,
    ...extra,
  };
}

/** How long a simulator test waits for a step (pairing uploads 812 pre-keys). */
export const SIM_STEP_MS = 30_000;
