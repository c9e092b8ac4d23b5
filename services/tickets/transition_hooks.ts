/**
 * Where the transition hooks (types.ts) wait for an agent's change of a ticket: one per
 * installation, in `ServiceDeps.transitions`, given its list once at start by
 * services/hooks.ts, as the inbound pipeline is given the inbound hooks. The tickets area
 * runs them and knows nothing of what they do (the conversation automation, services/
 * automation, is one of them), so tickets never import the areas that follow its changes.
 */
import type { Log } from "../../lib/log.ts";
import { runHooks } from "./run_hooks.ts";
import type { TicketTransition, TransitionHook } from "./types.ts";

export class TransitionHooks {
  #hooks: readonly TransitionHook[] = [];

  /** The hooks, in the order they run; replaces any list given before. */
  use(hooks: readonly TransitionHook[]): void {
    this.#hooks = hooks;
  }

  run(transition: TicketTransition, log?: Log): Promise<void> {
    return runHooks("transition", this.#hooks, transition, {
      companyId: transition.companyId,
      ticketId: transition.after.id,
      kind: transition.kind,
    }, log);
  }
}
