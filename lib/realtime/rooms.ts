/**
 * Which sockets are in which rooms, on this instance. A socket has pinned rooms (its
 * company and its user, from authentication) and counted joins: each join key
 * (see `joinKey`) holds a set of rooms and a counter, as the original product kept
 * per-socket reference counts; a room is left when no join still holds it.
 */

interface Membership {
  pinned: Set<string>;
  joins: Map<string, { count: number; rooms: Set<string> }>;
}

export class RoomRegistry<S> {
  #rooms = new Map<string, Set<S>>();
  #sockets = new Map<S, Membership>();

  /** Registers a socket with the rooms it always belongs to. */
  add(socket: S, pinned: readonly string[]): void {
    if (this.#sockets.has(socket)) throw new Error("This socket is already registered.");
    this.#sockets.set(socket, { pinned: new Set(pinned), joins: new Map() });
    for (const room of pinned) this.#enter(socket, room);
  }

  /** Counts one more join under `key`, entering `rooms`. Ignored for an unknown socket. */
  join(socket: S, key: string, rooms: readonly string[]): void {
    const membership = this.#sockets.get(socket);
    if (!membership) return;
    let entry = membership.joins.get(key);
    if (!entry) {
      entry = { count: 0, rooms: new Set() };
      membership.joins.set(key, entry);
    }
    entry.count++;
    for (const room of rooms) {
      entry.rooms.add(room);
      this.#enter(socket, room);
    }
  }

  /** Undoes one join under `key`; answers the rooms actually left. */
  leave(socket: S, key: string): string[] {
    const membership = this.#sockets.get(socket);
    const entry = membership?.joins.get(key);
    if (!membership || !entry) return [];
    entry.count--;
    if (entry.count > 0) return [];
    membership.joins.delete(key);
    const stillHeld = new Set(membership.pinned);
    for (const other of membership.joins.values()) other.rooms.forEach((r) => stillHeld.add(r));
    const left = [...entry.rooms].filter((room) => !stillHeld.has(room));
    for (const room of left) this.#exit(socket, room);
    return left;
  }

  /** Forgets a socket and drops the rooms only it was in. */
  remove(socket: S): void {
    const membership = this.#sockets.get(socket);
    if (!membership) return;
    this.#sockets.delete(socket);
    for (const room of this.#allRooms(membership)) this.#exit(socket, room);
  }

  /** The sockets in a room (a live view: copy it before awaiting). */
  members(room: string): ReadonlySet<S> {
    return this.#rooms.get(room) ?? new Set();
  }

  roomsOf(socket: S): string[] {
    const membership = this.#sockets.get(socket);
    return membership ? [...this.#allRooms(membership)].sort() : [];
  }

  get socketCount(): number {
    return this.#sockets.size;
  }

  get roomCount(): number {
    return this.#rooms.size;
  }

  sockets(): IterableIterator<S> {
    return this.#sockets.keys();
  }

  #allRooms(membership: Membership): Set<string> {
    const rooms = new Set(membership.pinned);
    for (const entry of membership.joins.values()) entry.rooms.forEach((r) => rooms.add(r));
    return rooms;
  }

  #enter(socket: S, room: string): void {
    let members = this.#rooms.get(room);
    if (!members) {
      members = new Set();
      this.#rooms.set(room, members);
    }
    members.add(socket);
  }

  #exit(socket: S, room: string): void {
    const members = this.#rooms.get(room);
    if (!members) return;
    members.delete(socket);
    if (members.size === 0) this.#rooms.delete(room);
  }
}
