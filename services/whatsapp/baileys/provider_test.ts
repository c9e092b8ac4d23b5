import assert from "node:assert/strict";
import { sql } from "../../../lib/db/mod.ts";
import { openTestDb } from "../../../tests/helpers/db.ts";
import { createTestCompany } from "../../../tests/helpers/accounts.ts";
import { createConnection } from "../connections.ts";
import { NotConnectedError, type ProviderEventBody } from "../provider.ts";
import { fakeSockets } from "../../../tests/helpers/baileys_socket.ts";
import { createBaileysProvider } from "./provider.ts";
import { nullHub } from "../../../lib/realtime/mod.ts";

const boom = (statusCode: number) => ({
  connection: "close",
  lastDisconnect: { error: { output: { statusCode } }, date: new Date() },
});

const statusesOf = (events: ProviderEventBody[]) =>
  events.flatMap((e) =>
    e.type === "status" ? [`${e.status}${e.reason ? `:${e.reason}` : ""}`] : []
  );

Deno.test("[whatsapp] Baileys provider drives its socket by the connection's updates", async (t) => {
  const { db, close } = await openTestDb();
  const emitted: ProviderEventBody[] = [];
  const { made, makeSocket } = fakeSockets();
  const companyId = await createTestCompany(db);
  const { id: connectionId } = await createConnection({ db, hub: nullHub() }, companyId, {
    name: "Celular",
  });
  const provider = createBaileysProvider(
    { db, companyId, connectionId, emit: (event) => emitted.push(event) },
    { makeSocket, limits: { baseDelayMs: 10, maxDelayMs: 20 } },
  );
  const authRows = async () =>
    (await db.one<{ n: number }>(sql`select count(*)::int as n from whatsapp_auth
      where whatsapp_id = ${connectionId}`)).n;
  try {
    await t.step("a QR, then the phone pairs and the creds are kept", async () => {
      await provider.start();
      assert.equal(made.length, 1);
      assert.equal(made[0]!.config.syncFullHistory, false);
      await made[0]!.push({ "connection.update": { connection: "connecting" } });
      await made[0]!.push({ "connection.update": { qr: "2@qr-one" } });
      const creds = made[0]!.config.auth!.creds;
      creds.me = { id: "5511999990000:1@s.whatsapp.net" };
      await made[0]!.push({ "creds.update": { me: creds.me } });
      assert.equal(await authRows(), 1, "the creds row is written");
      await assert.rejects(
        provider.send({ to: { number: "5511988887777" }, body: "Oi" }),
        NotConnectedError,
      );
      // After pairing WhatsApp asks for a restart (515): a new socket, same creds.
      await made[0]!.push({ "connection.update": boom(515) });
      assert.equal(made.length, 2);
      assert.equal(made[0]!.ended, true);
      assert.equal(made[1]!.config.auth!.creds.me?.id, "5511999990000:1@s.whatsapp.net");
      await made[1]!.push({ "connection.update": { connection: "open" } });
      assert.deepEqual(statusesOf(emitted), ["OPENING", "qrcode", "CONNECTED"]);
      const qr = emitted.find((e) => e.type === "status" && e.status === "qrcode");
      assert.equal(qr?.type === "status" && qr.qrcode, "2@qr-one", "the QR text is pushed");
    });

    await t.step("sending text, a quoted image and typing goes to the right address", async () => {
      const sent = await provider.send({ to: { number: "5511988887777" }, body: "Olá!" });
      assert.equal(sent.messageId, "SENT1");
      await provider.send({
        to: { number: "5511988887777" },
        body: "Veja",
        media: {
          kind: "image",
          mimetype: "image/png",
          fileName: "a.png",
          data: new Uint8Array([1, 2]),
        },
        quotedId: "SENT1",
      });
      await provider.send({
        to: { number: "5511988887777" },
        body: "",
        media: {
          kind: "audio",
          mimetype: "audio/ogg",
          fileName: "nota.ogg",
          data: new Uint8Array([3]),
          ptt: true,
        },
      });
      await provider.deleteMessage({ number: "5511988887777" }, "SENT1", true);
      await provider.sendPresence!({ number: "5511988887777" }, "composing");
      await provider.sendPresence!({ lid: "123456789" }, "paused");
      const socket = made[1]!;
      assert.deepEqual(socket.presences, [
        { type: "composing", jid: "5511988887777@s.whatsapp.net" },
        { type: "paused", jid: "123456789@lid" },
      ]);
      assert.deepEqual(socket.sent.map((s) => s.jid), [
        "5511988887777@s.whatsapp.net",
        "5511988887777@s.whatsapp.net",
        "5511988887777@s.whatsapp.net",
        "5511988887777@s.whatsapp.net",
      ]);
      const note = socket.sent[2]!.content as { mimetype: string; ptt: boolean };
      assert.deepEqual([note.mimetype, note.ptt], ["audio/ogg; codecs=opus", true], "iOS plays it");
      assert.deepEqual(socket.sent[0]!.content, { text: "Olá!" });
      const image = socket.sent[1]!.content as { caption: string; image: Uint8Array };
      assert.equal(image.caption, "Veja");
      assert.deepEqual([...image.image], [1, 2]);
      assert.deepEqual(socket.sent[3]!.content, {
        delete: { remoteJid: "5511988887777@s.whatsapp.net", id: "SENT1", fromMe: true },
      });
    });

    await t.step(
      "a lost connection or an unknown stream error is retried, same creds",
      async () => {
        await made[1]!.push({ "connection.update": boom(408) });
        assert.equal(statusesOf(emitted).at(-1), "TIMEOUT:code408");
        await new Promise((resolve) => setTimeout(resolve, 60));
        assert.equal(made.length, 3, "reconnected after the delay");
        await made[2]!.push({ "connection.update": boom(500) });
        assert.equal(statusesOf(emitted).at(-1), "TIMEOUT:code500");
        assert.equal(await authRows(), 1, "an unknown error never forgets the session");
        await new Promise((resolve) => setTimeout(resolve, 60));
        assert.equal(made.length, 4, "retried again");
        await made[3]!.push({ "connection.update": { connection: "open" } });
        assert.equal(statusesOf(emitted).at(-1), "CONNECTED");
        await provider.stop();
      },
    );

    await t.step("taken over elsewhere (440) is reported once, not looped", async () => {
      await provider.start();
      await made[4]!.push({ "connection.update": boom(440) });
      assert.equal(statusesOf(emitted).at(-1), "DISCONNECTED:replaced");
      await new Promise((resolve) => setTimeout(resolve, 60));
      assert.equal(made.length, 5);
    });

    await t.step("logged out on the phone (401) forgets the session", async () => {
      await provider.start();
      await made[5]!.push({ "connection.update": boom(401) });
      assert.equal(statusesOf(emitted).at(-1), "DISCONNECTED:loggedOut");
      assert.equal(await authRows(), 0, "the next start needs a new QR");
    });

    await t.step("stop ends the socket and cancels a pending retry", async () => {
      await provider.start();
      await made[6]!.push({ "connection.update": boom(428) });
      await provider.stop();
      await new Promise((resolve) => setTimeout(resolve, 60));
      assert.equal(made.length, 7, "no socket after stop");
    });
  } finally {
    await provider.stop();
    await close();
  }
});

Deno.test("[whatsapp] a real Baileys socket against a silent local server times out and keeps trying", async () => {
  const { db, close } = await openTestDb();
  const accepted: WebSocket[] = [];
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, (req) => {
    const { socket, response } = Deno.upgradeWebSocket(req);
    accepted.push(socket);
    return response;
  });
  const emitted: ProviderEventBody[] = [];
  const companyId = await createTestCompany(db);
  const { id: connectionId } = await createConnection({ db, hub: nullHub() }, companyId, {
    name: "Celular",
  });
  let finished!: () => void;
  const done = new Promise<void>((resolve) => finished = resolve);
  const provider = createBaileysProvider({
    db,
    companyId,
    connectionId,
    emit: (event) => {
      emitted.push(event);
      if (statusesOf(emitted).filter((s) => s.startsWith("TIMEOUT")).length === 2) finished();
    },
  }, {
    waWebSocketUrl: `ws://127.0.0.1:${server.addr.port}/ws/chat`,
    connectTimeoutMs: 800,
    limits: { baseDelayMs: 50, maxDelayMs: 50 },
  });
  const guard = setTimeout(finished, 20_000);
  try {
    await provider.start();
    await done;
    assert.ok(accepted.length >= 2, "Baileys connected to the configured local URL, twice");
    assert.deepEqual(statusesOf(emitted), [
      "OPENING",
      "TIMEOUT:code408",
      "OPENING",
      "TIMEOUT:code408",
    ], "it keeps trying");
  } finally {
    clearTimeout(guard);
    await provider.stop();
    for (const socket of accepted) socket.close();
    await server.shutdown();
    await close();
  }
});
