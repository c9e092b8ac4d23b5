/**
 * The installation's one Dialogflow client (its token cache is worth keeping between calls),
 * made on first use from the services' dependencies.
 */
import type { ServiceDeps } from "../deps.ts";
import { createDialogflowClient, type DialogflowClient } from "./dialogflow.ts";

const clients = new WeakMap<object, DialogflowClient>();

export function dialogflowOf(
  deps: Pick<ServiceDeps, "outbound" | "dialogflowUrl" | "dialogflowRegionalUrl" | "clock">,
): DialogflowClient {
  let client = clients.get(deps.outbound);
  if (!client) {
    client = createDialogflowClient(deps);
    clients.set(deps.outbound, client);
  }
  return client;
}
