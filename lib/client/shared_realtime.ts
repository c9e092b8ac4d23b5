/**
 * One realtime socket per tab (DESIGN §5), shared by every island on the page: the first
 * island that asks opens it, the others subscribe to the same one.
 *
 * @example
 * const stop = sharedRealtime().subscribe(`company-${companyId}-user`, onUserEvent);
 */
import { connectRealtime, type RealtimeClient } from "./realtime.ts";

let shared: RealtimeClient | null = null;

export function sharedRealtime(): RealtimeClient {
  shared ??= connectRealtime();
  return shared;
}

/** Puts a client in place (tests point it at their own server), or forgets it with `null`. */
export function setSharedRealtime(client: RealtimeClient | null): void {
  shared = client;
}
