/**
 * Stand-ins for Baileys' socket in the provider's tests: each one records its config and what
 * it sent (messages and presence updates), and `push` feeds it events as Baileys'
 * `ev.process` would.
 */
import type { UserFacingSocketConfig } from "baileys";
import type { SocketLike } from "../../services/whatsapp/baileys/provider.ts";

type Handler = (events: Record<string, unknown>) => void | Promise<void>;

export interface FakeSocket extends SocketLike {
  config: UserFacingSocketConfig;
  ended: boolean;
  sent: { jid: string; content: unknown }[];
  presences: { type: string; jid?: string }[];
  push(events: Record<string, unknown>): Promise<void>;
}

export function fakeSockets() {
  const made: FakeSocket[] = [];
  const makeSocket = (config: UserFacingSocketConfig): SocketLike => {
    let handler: Handler = () => {};
    const socket: FakeSocket = {
      config,
      ended: false,
      sent: [],
      presences: [],
      ev: {
        process(h) {
          handler = h;
          return () => {};
        },
      },
      end() {
        socket.ended = true;
      },
      logout: () => Promise.resolve(),
      sendMessage(jid, content) {
        socket.sent.push({ jid, content });
        return Promise.resolve({
          key: { remoteJid: jid, id: `SENT${socket.sent.length}`, fromMe: true },
          messageTimestamp: 1_700_000_000,
        });
      },
      sendPresenceUpdate(type, jid) {
        socket.presences.push({ type, jid });
        return Promise.resolve();
      },
      push: async (events) => await handler(events),
    };
    made.push(socket);
    return socket;
  };
  return { made, makeSocket };
}
