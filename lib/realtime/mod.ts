/** The realtime hub: `/ws` sockets, rooms and cross-instance fan-out (DESIGN §5). */
export { CLOSE_PING_TIMEOUT, CLOSE_SESSION_EXPIRED, createHub } from "./hub.ts";
export type { Hub, HubOptions, HubStats } from "./hub.ts";
export { LocalBroker } from "./local_broker.ts";
export { nullHub } from "./null_hub.ts";
export { PgBroker } from "./pg_broker.ts";
export type { PgBrokerOptions } from "./pg_broker.ts";
export { RealtimeErrors } from "./protocol.ts";
export type {
  Authenticate,
  AuthorizeJoin,
  Broker,
  Envelope,
  EventHook,
  Principal,
  Revalidate,
  RevalidateTarget,
} from "./types.ts";
