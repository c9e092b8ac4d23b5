import assert from "node:assert/strict";
import type { WAMessage } from "baileys";
import { socketEventsToProvider } from "./socket_events.ts";

function harness() {
  const lids = new Map<string, string>();
  const remembered: string[] = [];
  const toEvents = socketEventsToProvider({
    resolveLid: (lid) => lids.get(lid) ?? null,
    fetch: () => Promise.resolve(new Uint8Array([1])),
    remember: (m) => remembered.push(m.key.id!),
    learnLid: (lid, number) => lids.set(lid, number),
  });
  return { toEvents, lids, remembered };
}

const customer = "5511999990001@s.whatsapp.net";

Deno.test("[whatsapp] Baileys batches: a LID mapping makes later LID messages one person", () => {
  const { toEvents, lids, remembered } = harness();
  const message = {
    key: { remoteJid: "987654321@lid", id: "M1", fromMe: false },
    message: { conversation: "Oi" },
    messageTimestamp: 1_700_000_000,
    pushName: "Maria",
  } as WAMessage;
  const events = toEvents({
    "lid-mapping.update": { lid: "987654321@lid", pn: customer },
    "messages.upsert": { messages: [message], type: "notify" },
  });
  assert.equal(lids.get("987654321"), "5511999990001");
  assert.deepEqual(remembered, ["M1"], "kept for downloads and quotes");
  assert.equal(events.length, 1);
  const first = events[0]!;
  assert.equal(first.type, "message");
  if (first.type !== "message") return;
  assert.deepEqual(first.message.chat, {
    number: "5511999990001",
    lid: "987654321",
    name: "Maria",
    isGroup: false,
  });
  assert.equal(first.message.isHistory, false);

  // Delivered from the offline queue after a reconnect: as live as a "notify".
  const appended = toEvents({ "messages.upsert": { messages: [message], type: "append" } });
  assert.equal(appended[0]!.type === "message" && appended[0]!.message.isHistory, false);
});

Deno.test("[whatsapp] Baileys batches: statuses and receipts become acks", () => {
  const { toEvents } = harness();
  const key = { remoteJid: customer, id: "OUT1", fromMe: true };
  const events = toEvents({
    "messages.update": [
      { key, update: { status: 3 } },
      { key: { ...key, id: "OUT2" }, update: { starred: true } },
    ],
    "message-receipt.update": [
      { key: { ...key, id: "OUT3" }, receipt: { userJid: customer, readTimestamp: 1 } },
      { key: { ...key, id: "OUT4" }, receipt: { userJid: customer, playedTimestamp: 2 } },
      { key: { ...key, id: "OUT5" }, receipt: { userJid: customer, receiptTimestamp: 3 } },
    ],
  });
  assert.deepEqual(
    events.map((e) => e.type === "ack" ? [e.messageId, e.ack, e.chat.number] : e.type),
    [
      ["OUT1", 3, "5511999990001"],
      ["OUT3", 4, "5511999990001"],
      ["OUT4", 5, "5511999990001"],
      ["OUT5", 3, "5511999990001"],
    ],
    "an update without a status is no ack",
  );
});

Deno.test("[whatsapp] Baileys batches: a receipt folded into a buffered own message is an ack", () => {
  const { toEvents } = harness();
  // Baileys merges a receipt into the status of an upsert still in its event buffer.
  const own = {
    key: { remoteJid: customer, id: "OUT9", fromMe: true },
    message: { conversation: "Abrimos às 9h" },
    messageTimestamp: 1_700_000_000,
    status: 4,
  } as WAMessage;
  const events = toEvents({ "messages.upsert": { messages: [own], type: "append" } });
  const acks = events.flatMap((e) => e.type === "ack" ? [[e.messageId, e.ack]] : []);
  assert.deepEqual(acks, [["OUT9", 4]]);
  const pending = toEvents({
    "messages.upsert": { messages: [{ ...own, status: 1 }], type: "append" },
  });
  assert.deepEqual(pending.filter((e) => e.type === "ack"), [], "pending is no news");
});

Deno.test("[whatsapp] Baileys batches: reactions, contacts and calls", () => {
  const { toEvents, lids } = harness();
  const events = toEvents({
    "messages.reaction": [
      {
        key: { remoteJid: customer, id: "OUT1", fromMe: true },
        reaction: { text: "👍", key: { remoteJid: customer, fromMe: false } },
      },
      {
        key: { remoteJid: customer, id: "OUT1", fromMe: true },
        reaction: { text: "", key: { remoteJid: customer, fromMe: false } },
      },
    ],
    "contacts.upsert": [
      { id: "111@lid", phoneNumber: "5511988887777@s.whatsapp.net", notify: "João" },
      { id: "120363000000@g.us", name: "Grupo" },
    ],
    "contacts.update": [{ id: customer, notify: "Maria S." }],
    call: [{
      chatId: customer,
      from: customer,
      id: "CALL1",
      date: new Date(1_700_000_000_000),
      isVideo: true,
      status: "offer",
      offline: false,
    }],
  });
  const reactions = events.filter((e) => e.type === "reaction");
  assert.deepEqual(reactions.map((e) => e.type === "reaction" && e.emoji), ["👍", ""]);
  const contacts = events.filter((e) => e.type === "contact").map((e) =>
    e.type === "contact" && e.contact
  );
  assert.deepEqual(contacts, [
    { number: "5511988887777", lid: "111", name: "João", isGroup: false },
    { number: "5511999990001", lid: null, name: "Maria S.", isGroup: false },
  ], "groups are not contacts");
  assert.equal(lids.get("111"), "5511988887777", "a contact's LID and number are learned");
  const call = events.find((e) => e.type === "call");
  assert.ok(call && call.type === "call");
  assert.equal(call.call.callId, "CALL1");
  assert.equal(call.call.isVideo, true);
  assert.equal(call.call.status, "offer");
  assert.equal(call.call.from.number, "5511999990001");
});
