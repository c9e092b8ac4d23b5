import assert from "node:assert/strict";
import { proto, type WAMessage } from "baileys";
import { ackOf, eventsOfMessage, identityOf } from "./normalize.ts";
import type { IncomingMessage, ProviderEventBody } from "../provider.ts";

const mappings: Record<string, string> = { "987654321": "5511999990001" };
const resolveLid = (lid: string) => mappings[lid] ?? null;
const fetched = new Uint8Array([9, 9]);
const options = { resolveLid, fetch: () => Promise.resolve(fetched), isHistory: false };

function upsert(message: WAMessage["message"], key: Partial<WAMessage["key"]> = {}): WAMessage {
  return {
    key: { remoteJid: "5511999990001@s.whatsapp.net", id: "MSG1", fromMe: false, ...key },
    message,
    messageTimestamp: 1_700_000_000,
    pushName: "Maria",
  } as WAMessage;
}

function onlyMessage(events: ProviderEventBody[]): IncomingMessage {
  assert.equal(events.length, 1);
  assert.equal(events[0]!.type, "message");
  return (events[0] as { message: IncomingMessage }).message;
}

Deno.test("[whatsapp] Baileys addresses: phone numbers, LIDs and groups are one identity", () => {
  assert.deepEqual(identityOf("5511999990001@s.whatsapp.net", undefined, "M", resolveLid), {
    number: "5511999990001",
    lid: null,
    name: "M",
    isGroup: false,
  });
  // A LID with its phone number alongside, a LID known from the stored mappings, an unknown one.
  assert.deepEqual(identityOf("987654321@lid", "5511999990001@s.whatsapp.net", "", resolveLid), {
    number: "5511999990001",
    lid: "987654321",
    name: "",
    isGroup: false,
  });
  assert.equal(identityOf("987654321@lid", undefined, "", resolveLid).number, "5511999990001");
  assert.deepEqual(identityOf("111@lid", undefined, "", resolveLid), {
    number: null,
    lid: "111",
    name: "",
    isGroup: false,
  });
  assert.equal(
    identityOf("5511999990001@s.whatsapp.net", "987654321@lid", "", resolveLid).lid,
    "987654321",
  );
  assert.deepEqual(identityOf("120363000000000001@g.us", undefined, "", resolveLid), {
    number: "120363000000000001",
    lid: null,
    name: "",
    isGroup: true,
  });
});

Deno.test("[whatsapp] Baileys message upserts of each kind", async (t) => {
  await t.step("text, and a quoted reply", () => {
    const plain = onlyMessage(eventsOfMessage(upsert({ conversation: "Olá" }), options));
    assert.equal(plain.body, "Olá");
    assert.equal(plain.chat.number, "5511999990001");
    assert.equal(plain.chat.name, "Maria");
    assert.equal(plain.timestamp.getTime(), 1_700_000_000_000);
    const quoted = onlyMessage(eventsOfMessage(
      upsert({ extendedTextMessage: { text: "sim", contextInfo: { stanzaId: "MSG0" } } }),
      options,
    ));
    assert.equal(quoted.quotedId, "MSG0");
  });

  await t.step("image, video, audio (voice note), document and sticker", async () => {
    const cases = [
      [
        { imageMessage: { mimetype: "image/jpeg", caption: "foto", fileLength: 1234 } },
        "image",
        "foto",
      ],
      [{ videoMessage: { mimetype: "video/mp4", caption: "" } }, "video", ""],
      [{ audioMessage: { mimetype: "audio/ogg; codecs=opus", ptt: true } }, "audio", ""],
      [{ documentMessage: { mimetype: "application/pdf", fileName: "nota.pdf" } }, "document", ""],
      [{ stickerMessage: { mimetype: "image/webp" } }, "sticker", ""],
    ] as const;
    for (const [content, kind, body] of cases) {
      const message = onlyMessage(
        eventsOfMessage(upsert(content as WAMessage["message"]), options),
      );
      assert.equal(message.media!.kind, kind);
      assert.equal(message.body, body);
    }
    const image = onlyMessage(
      eventsOfMessage(upsert(cases[0][0] as WAMessage["message"]), options),
    );
    assert.equal(image.media!.size, 1234);
    assert.deepEqual(await image.media!.fetch(), fetched);
    const voice = onlyMessage(
      eventsOfMessage(upsert(cases[2][0] as WAMessage["message"]), options),
    );
    assert.equal(voice.media!.ptt, true);
    const doc = onlyMessage(eventsOfMessage(
      upsert({
        documentWithCaptionMessage: {
          message: {
            documentMessage: { mimetype: "application/pdf", fileName: "a.pdf", caption: "veja" },
          },
        },
      }),
      options,
    ));
    assert.equal(doc.media!.fileName, "a.pdf");
    assert.equal(doc.body, "veja");
  });

  await t.step("location and contact cards", () => {
    const location = onlyMessage(eventsOfMessage(
      upsert({
        locationMessage: { degreesLatitude: -23.5, degreesLongitude: -46.6, name: "Praça" },
      }),
      options,
    ));
    assert.deepEqual(location.location, {
      latitude: -23.5,
      longitude: -46.6,
      name: "Praça",
      address: undefined,
    });
    const card = onlyMessage(
      eventsOfMessage(upsert({ contactMessage: { vcard: "BEGIN:VCARD\nEND:VCARD" } }), options),
    );
    assert.deepEqual(card.vcards, ["BEGIN:VCARD\nEND:VCARD"]);
    const cards = onlyMessage(eventsOfMessage(
      upsert({ contactsArrayMessage: { contacts: [{ vcard: "A" }, { vcard: "B" }] } }),
      options,
    ));
    assert.deepEqual(cards.vcards, ["A", "B"]);
  });

  await t.step("missed calls become a call log line", () => {
    const missed = {
      ...upsert(undefined),
      messageStubType: proto.WebMessageInfo.StubType.CALL_MISSED_VIDEO,
    } as WAMessage;
    assert.deepEqual(onlyMessage(eventsOfMessage(missed, options)).callLog, { isVideo: true });
  });

  await t.step("reactions, edits and deletes", () => {
    assert.deepEqual(
      eventsOfMessage(upsert({ reactionMessage: { key: { id: "MSG0" }, text: "👍" } }), options)
        .map((e) => e.type === "reaction" && e.emoji),
      ["👍"],
    );
    const edit = eventsOfMessage(
      upsert({
        protocolMessage: {
          key: { id: "MSG0" },
          type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
          editedMessage: { conversation: "corrigido" },
        },
      }),
      options,
    );
    assert.deepEqual(edit.map((e) => e.type === "edit" && [e.messageId, e.body]), [[
      "MSG0",
      "corrigido",
    ]]);
    const revoke = eventsOfMessage(
      upsert({
        protocolMessage: { key: { id: "MSG0" }, type: proto.Message.ProtocolMessage.Type.REVOKE },
      }),
      options,
    );
    assert.deepEqual(revoke.map((e) => e.type === "delete" && e.messageId), ["MSG0"]);
  });

  await t.step("a LID-addressed message in a group names the group and the person", () => {
    const message = onlyMessage(eventsOfMessage(
      upsert({ conversation: "oi" }, {
        remoteJid: "120363000000000001@g.us",
        participant: "987654321@lid",
      }),
      options,
    ));
    assert.equal(message.chat.isGroup, true);
    assert.equal(message.chat.name, "", "the push name is the person's, not the group's");
    assert.deepEqual(message.sender, {
      number: "5511999990001",
      lid: "987654321",
      name: "Maria",
      isGroup: false,
    });
  });

  await t.step("protocol noise and status broadcasts give nothing", () => {
    assert.deepEqual(eventsOfMessage(upsert({ senderKeyDistributionMessage: {} }), options), []);
    assert.deepEqual(
      eventsOfMessage(upsert({ conversation: "x" }, { remoteJid: "status@broadcast" }), options),
      [],
    );
  });
});

Deno.test("[whatsapp] video notes, button and list replies become messages", () => {
  const ptv = onlyMessage(eventsOfMessage(
    upsert({ ptvMessage: { mimetype: "video/mp4", fileLength: 10 } }),
    options,
  ));
  assert.equal(ptv.media?.kind, "video");
  const context = { stanzaId: "BOT1" };
  const cases: [proto.IMessage, string][] = [
    [{
      buttonsResponseMessage: {
        selectedButtonId: "b1",
        selectedDisplayText: "Sim",
        contextInfo: context,
      },
    }, "Sim"],
    [{ buttonsResponseMessage: { selectedButtonId: "b2", contextInfo: context } }, "b2"],
    [{
      templateButtonReplyMessage: {
        selectedId: "t1",
        selectedDisplayText: "Ver",
        contextInfo: context,
      },
    }, "Ver"],
    [{
      listResponseMessage: {
        title: "Suporte",
        singleSelectReply: { selectedRowId: "r1" },
        contextInfo: context,
      },
    }, "Suporte"],
    [
      { listResponseMessage: { singleSelectReply: { selectedRowId: "r2" }, contextInfo: context } },
      "r2",
    ],
  ];
  for (const [message, body] of cases) {
    const got = onlyMessage(eventsOfMessage(upsert(message), options));
    assert.equal(got.body, body, JSON.stringify(message));
    assert.equal(got.quotedId, "BOT1", "answers the message with the buttons");
  }
});

Deno.test("[whatsapp] Baileys receipts map to the spec's acks", () => {
  assert.equal(ackOf(proto.WebMessageInfo.Status.SERVER_ACK), 2);
  assert.equal(ackOf(proto.WebMessageInfo.Status.DELIVERY_ACK), 3);
  assert.equal(ackOf(proto.WebMessageInfo.Status.READ), 4);
  assert.equal(ackOf(proto.WebMessageInfo.Status.PLAYED), 5);
  assert.equal(ackOf(undefined), undefined);
});
