import assert from "node:assert/strict";
import { openTestDb } from "../../../tests/helpers/db.ts";
import { createTestCompany } from "../../../tests/helpers/accounts.ts";
import { fakeSockets } from "../../../tests/helpers/baileys_socket.ts";
import { createConnection } from "../connections.ts";
import { NotConnectedError, type ProviderEventBody } from "../provider.ts";
import { lazyBaileysFactory } from "./lazy.ts";
import { nullHub } from "../../../lib/realtime/mod.ts";

Deno.test("[whatsapp] the lazy Baileys provider loads the real one on its first start", async () => {
  const { db, close } = await openTestDb();
  try {
    const emitted: ProviderEventBody[] = [];
    const { made, makeSocket } = fakeSockets();
    const companyId = await createTestCompany(db);
    const { id: connectionId } = await createConnection({ db, hub: nullHub() }, companyId, {
      name: "Celular",
    });
    const provider = lazyBaileysFactory({ makeSocket })({
      db,
      companyId,
      connectionId,
      emit: (event) => emitted.push(event),
    });
    // Nothing is open before the first start, and stopping it then is harmless.
    await assert.rejects(
      provider.send({ to: { number: "5511988887777" }, body: "Oi" }),
      NotConnectedError,
    );
    await assert.rejects(provider.downloadMedia("X"), NotConnectedError);
    await provider.stop();
    assert.equal(made.length, 0);

    await provider.start();
    assert.equal(made.length, 1, "the real provider made its socket");
    await made[0]!.push({ "connection.update": { connection: "open" } });
    assert.ok(emitted.some((e) => e.type === "status" && e.status === "CONNECTED"));
    const sent = await provider.send({ to: { number: "5511988887777" }, body: "Olá" });
    assert.equal(sent.messageId, "SENT1");
    assert.equal(made[0]!.sent[0]!.jid, "5511988887777@s.whatsapp.net");
    await provider.stop();
    assert.equal(made[0]!.ended, true);
  } finally {
    await close();
  }
});
