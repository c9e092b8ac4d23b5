/**
 * A hub with no sockets: what it is asked to publish reaches nobody, and a revalidation has
 * no socket to close. The services always have a hub (`ServiceDeps.hub`), so they publish
 * without asking whether one exists; an installation part or a test that needs no realtime
 * gives them this one.
 */
import type { Hub } from "./hub.ts";

export function nullHub(instanceId: string = crypto.randomUUID()): Hub {
  return {
    instanceId,
    upgrade: () => Promise.resolve(new Response(null, { status: 404 })),
    publish: () => Promise.resolve(),
    revalidate: () => Promise.resolve(),
    stats: () => ({ sockets: 0, rooms: 0 }),
    roomsOfUser: () => [],
    close: () => Promise.resolve(),
  };
}
