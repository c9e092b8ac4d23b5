/**
 * The simulator's control API (JSON over HTTP, on the simulator's own port), for trying Balcão
 * by hand or from scripts: scan a QR code with a business phone, write as a customer, read
 * what a customer received, send receipts and stream errors.
 *
 *   POST /control/scan                     {business, qr}            → {device}
 *   POST /control/customers/{pn}/messages  {to, text, name?, quotedId?, count?} → {id} or {ids}
 *   GET  /control/customers/{pn}/messages                            → {messages: [{id, from, text, at}]}
 *   POST /control/customers/{pn}/read      {to, ids}                 → {}
 *   POST /control/stream-error             {business, kind}          → {} (restart, conflict, deviceRemoved, unknown)
 *   GET  /control/state                    → businesses, linked devices, sockets, queued stanzas
 */
import type { StreamErrorKind, WhatsappServer } from "./server.ts";
import { textOf } from "./customer.ts";

type Body = Record<string, unknown>;

const text = (value: unknown) => (typeof value === "string" ? value : "");
const digits = (value: unknown) => text(value).replace(/\D/g, "");

export async function handleControl(server: WhatsappServer, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const body: Body = request.method === "POST" ? await request.json().catch(() => ({})) : {};
  const customer = /^\/control\/customers\/(\d+)\/(messages|read)$/.exec(url.pathname);
  try {
    if (request.method === "POST" && url.pathname === "/control/scan") {
      return Response.json({ device: server.scan(digits(body.business), text(body.qr)) });
    }
    if (request.method === "POST" && url.pathname === "/control/stream-error") {
      server.streamError(digits(body.business), text(body.kind) as StreamErrorKind);
      return Response.json({});
    }
    if (customer && customer[2] === "messages" && request.method === "POST") {
      const who = server.customer(customer[1]!, text(body.name));
      // `count` sends that many numbered copies in a row (load for the benchmark).
      const count = Math.min(Math.max(Number(body.count) || 1, 1), 10_000);
      const ids: string[] = [];
      for (let i = 1; i <= count; i++) {
        ids.push(
          await who.send(digits(body.to), {
            text: count > 1 ? `${text(body.text)} ${i}` : text(body.text),
            quotedId: text(body.quotedId) || undefined,
          }),
        );
      }
      return Response.json(count > 1 ? { ids } : { id: ids[0] });
    }
    if (customer && customer[2] === "messages" && request.method === "GET") {
      const messages = server.customer(customer[1]!).received().map((m) => ({
        id: m.id,
        from: m.from,
        text: textOf(m.message),
        at: m.at.toISOString(),
      }));
      return Response.json({ messages });
    }
    if (customer && customer[2] === "read" && request.method === "POST") {
      const ids = Array.isArray(body.ids) ? body.ids.map(text) : [];
      server.customer(customer[1]!).read(digits(body.to), ...ids);
      return Response.json({});
    }
    if (request.method === "GET" && url.pathname === "/control/state") {
      return Response.json({
        businesses: server.directory.accounts().filter((a) => a.companions.size > 0).map((a) => ({
          number: a.pn,
          lid: a.lid,
          devices: [...a.companions.values()].map((c) => ({
            id: c.id,
            online: Boolean(c.connection && !c.connection.closed),
            queued: c.pending.length,
          })),
        })),
        pairing: server.currentQrRefs().length,
      });
    }
  } catch (error) {
    return Response.json({ error: String(error) }, { status: 400 });
  }
  return Response.json({ error: "not found" }, { status: 404 });
}
