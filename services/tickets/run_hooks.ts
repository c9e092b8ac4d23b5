/**
 * Runs hooks (services/tickets/types.ts): the inbound hooks for one stored message, the call
 * hooks for one reported call, the transition hooks for one agent's change.
 *
 * Decision: a hook that fails is logged with its name and what it was about (company,
 * ticket, message), and the next hook runs; nothing is retried here. What the hooks follow
 * is already committed, so a failure can lose only that hook's own reaction; a hook whose
 * work must survive failures (an integration call, an AI answer) enqueues a job, which
 * retries. Hooks are awaited in order: a connection's events are handled one after another,
 * so hooks see a ticket's messages in the order they arrived; slow work belongs in a job,
 * not in the hook itself.
 */
import { consoleLog, type Log } from "../../lib/log.ts";
import type { InboundHook, InboundMessage } from "./types.ts";

/** A hook of any of the lists: a name for the log and what it does. */
export interface Hook<T> {
  name: string;
  run(input: T): Promise<void> | void;
}

export async function runHooks<T>(
  what: string,
  hooks: readonly Hook<T>[],
  input: T,
  facts: Record<string, unknown>,
  log: Log = consoleLog,
): Promise<void> {
  for (const hook of hooks) {
    try {
      await hook.run(input);
    } catch (error) {
      log.error(`${what} hook failed`, { hook: hook.name, ...facts, error });
    }
  }
}

export function runInboundHooks(
  hooks: readonly InboundHook[],
  received: InboundMessage,
  log: Log = consoleLog,
): Promise<void> {
  return runHooks("inbound", hooks, received, {
    companyId: received.companyId,
    ticketId: received.ticket.id,
    messageId: received.message.id,
    wid: received.message.wid,
  }, log);
}
