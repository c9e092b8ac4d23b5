/**
 * The broker for a single instance: there is nobody else to tell, because the hub delivers
 * its own events locally. Useful for tests and for a deployment that will never scale out.
 */
import type { Broker, Envelope } from "./types.ts";

export class LocalBroker implements Broker {
  publish(_envelope: Envelope): Promise<void> {
    return Promise.resolve();
  }

  subscribe(_handler: (envelope: Envelope) => void): () => void {
    return () => {};
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
