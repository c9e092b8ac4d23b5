/**
 * Layer 6: media and replies through the real stack. Media travels encrypted through the
 * simulator's https media host (Baileys downloads and decrypts what the customer's phone
 * uploaded; the customer's phone decrypts what Baileys uploaded); quoted replies carry the
 * quoted message's id both ways; video notes and button/list replies arrive as messages.
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { BUSINESS, openSimulatorEnv } from "../helpers/wa_sim_env.ts";
import { waitFor } from "../helpers/ticket_env.ts";
import { SIM_STEP_MS } from "../helpers/wa_simulator.ts";

/** A file of `n` bytes that starts like its kind (Balcão keeps only files that match their type). */
const bytes = (n: number, seed: number, head: number[]) => {
  const out = Uint8Array.from({ length: n }, (_, i) => (i * seed) % 251);
  out.set(head);
  return out;
};
const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const OGG = [..."OggS"].map((c) => c.charCodeAt(0));
const MP4 = [0, 0, 0, 24, ..."ftypmp42"].map((c) => typeof c === "number" ? c : c.charCodeAt(0));

Deno.test("[wa-sim] media and quoted replies both ways", async (t) => {
  const env = await openSimulatorEnv();
  const rui = env.server.customer("5511955550001", "Rui");
  const row = (wid: string) =>
    env.db.maybeOne<
      {
        id: number;
        body: string;
        mediaType: string;
        mediaPath: string | null;
        quotedWid: string | null;
        ticketId: number;
      }
    >(sql`
      select id, body, media_type as "mediaType", media_path as "mediaPath",
             quoted_wid as "quotedWid", ticket_id as "ticketId"
      from messages where company_id = ${env.companyId} and wid = ${wid}`);
  const stored = (wid: string) => waitFor(() => row(wid), `message ${wid}`, SIM_STEP_MS);
  const file = async (path: string | null) => {
    assert.ok(path, "the file was kept");
    return [...(await env.media.read(path)) ?? []];
  };
  try {
    await env.pair();
    const photo = bytes(40_000, 7, JPEG);
    const voice = bytes(9_000, 13, OGG);
    let photoId = "";
    let ticketId = 0;

    await t.step(
      "a photo with a caption and a voice note are downloaded and decrypted",
      async () => {
        photoId = await rui.send(BUSINESS, {
          text: "a peça quebrada",
          media: { kind: "image", mimetype: "image/jpeg", data: photo },
        });
        const image = await stored(photoId);
        ticketId = image.ticketId;
        assert.equal(image.mediaType, "image");
        assert.equal(image.body, "a peça quebrada");
        assert.deepEqual(await file(image.mediaPath), [...photo]);
        const voiceId = await rui.send(BUSINESS, {
          media: { kind: "audio", mimetype: "audio/ogg; codecs=opus", data: voice, ptt: true },
        });
        const audio = await stored(voiceId);
        assert.equal(audio.mediaType, "audio");
        assert.deepEqual(await file(audio.mediaPath), [...voice]);
      },
    );

    await t.step("a video note and a tapped button arrive as messages", async () => {
      const ptvId = await rui.send(BUSINESS, {
        media: { kind: "ptv", mimetype: "video/mp4", data: bytes(5_000, 3, MP4) },
      });
      assert.equal((await stored(ptvId)).mediaType, "video");
      const tap = await rui.sendMessage(BUSINESS, {
        buttonsResponseMessage: { selectedButtonId: "yes", selectedDisplayText: "Sim, quero" },
      });
      assert.equal((await stored(tap)).body, "Sim, quero");
    });

    await t.step("the agent's quoted reply and photo reach the customer's phone", async () => {
      const image = (await row(photoId))!;
      await env.made(
        await env.asAdmin("POST", `/api/messages/${ticketId}`, {
          body: "Vamos trocar essa peça",
          quotedMsgId: image.id,
        }),
      );
      const reply = await waitFor(
        () => Promise.resolve(rui.received().find((m) => m.message.extendedTextMessage)),
        "the quoted reply",
      );
      assert.equal(reply.message.extendedTextMessage?.text, "Vamos trocar essa peça");
      assert.equal(reply.message.extendedTextMessage?.contextInfo?.stanzaId, photoId);

      const picture = bytes(30_000, 11, JPEG);
      const form = new FormData();
      form.append("body", "a nova");
      form.append("medias", new File([picture], "nova.jpg", { type: "image/jpeg" }));
      await env.made(await env.asAdmin("POST", `/api/messages/${ticketId}`, form));
      const received = await waitFor(
        () => Promise.resolve(rui.received().find((m) => m.message.imageMessage)),
        "the photo",
        SIM_STEP_MS,
      );
      assert.equal(received.message.imageMessage?.caption, "a nova");
      assert.deepEqual([...rui.downloadMedia(received)], [...picture]);
    });

    await t.step("the customer's reply quoting the agent is stored with the quote", async () => {
      const agentMessage = rui.received()[0]!;
      const id = await rui.send(BUSINESS, { text: "ótimo", quotedId: agentMessage.id });
      assert.equal((await stored(id)).quotedWid, agentMessage.id);
    });
  } finally {
    await env.close();
  }
});
