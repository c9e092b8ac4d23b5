/**
 * The shapes the realtime hub shares with the rest of the app. Authentication and the
 * permission rules for joins live elsewhere (the accounts and tickets areas) and plug in
 * through `Authenticate` and `AuthorizeJoin`, so this folder knows no domain.
 */

/** Who is on the other end of a socket, as established by the server, never by the client. */
export interface Principal {
  userId: number;
  companyId: number;
  /** When the credential it signed in with expires (ms since epoch): the socket closes then. */
  expiresAt?: number;
  [key: string]: unknown;
}

/** Reads the upgrade request (cookie or `?token=`); `null` refuses it with 401. */
export type Authenticate = (request: Request) => Promise<Principal | null>;

/**
 * Whether a socket's principal is still signed in (its user, token version, company and
 * revocations checked again). Called for the sockets named by `Hub.revalidate`.
 */
export type Revalidate = (principal: Principal) => Promise<boolean>;

/** Whose sockets a revalidation concerns: one user's, or every socket of one company. */
export type RevalidateTarget = { userId: number } | { companyId: number };

/**
 * Maps a client's join event (`joinTickets`, `joinNotification`, `joinChatBox`…) and its data
 * to the rooms this principal may enter; `null` or `[]` refuses the join.
 */
export type AuthorizeJoin = (
  principal: Principal,
  event: string,
  data: unknown,
) => Promise<string[] | null>;

/** Receives the forwarded client events (by default `userStatus`), e.g. to mark a user online. */
export type EventHook = (
  principal: Principal,
  event: string,
  data: unknown,
) => void | Promise<void>;

/** One event on its way to the sockets of a room, on any instance. */
export interface Envelope {
  /** The instance that published it; that instance has already delivered it locally. */
  origin: string;
  /** One room, or several: one event for many users' rooms travels as one notification. */
  room: string | string[];
  channel: string;
  data: unknown;
}

/**
 * Carries envelopes between instances. `subscribe` hands over only envelopes published by
 * other instances: the publishing hub delivers to its own sockets itself, once.
 */
export interface Broker {
  publish(envelope: Envelope): Promise<void>;
  /** Returns a function that unsubscribes. */
  subscribe(handler: (envelope: Envelope) => void): () => void;
  close(): Promise<void>;
}
