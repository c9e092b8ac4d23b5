/**
 * Runs the inbound hooks (services/tickets/types.ts) for one stored message.
 *
 * Decision: a hook that fails is logged with its name, company, ticket and message, and the
 * next hook runs; nothing is retried here. The message is already committed, so a failure
 * can lose only that hook's own reaction; a hook whose work must survive failures (an
 * integration call, an AI answer) enqueues a job, which retries. Hooks are awaited in order:
 * a connection's events are handled one after another, so hooks see a ticket's messages in
 * the order they arrived; slow work belongs in a job, not in the hook itself.
 */
import { consoleLog, type Log } from "../../lib/log.ts";
import type { InboundHook, InboundMessage } from "./types.ts";

export async function runInboundHooks(
  hooks: readonly InboundHook[],
  received: InboundMessage,
  log: Log = consoleLog,
): Promise<void> {
  for (const hook of hooks) {
    try {
      await hook.run(received);
    } catch (error) {
      log.error("inbound hook failed", {
        hook: hook.name,
        companyId: received.companyId,
        ticketId: received.ticket.id,
        messageId: received.message.id,
        wid: received.message.wid,
        error,
      });
    }
  }
}
