/**
 * The channel catalogue names what the spec's client listens on, and it is the only place
 * realtime names are built: routes never publish, and no product file spells a channel or a
 * room by hand (DESIGN §5).
 */
import assert from "node:assert/strict";
import { channels, pinnedRooms, rooms } from "./channels.ts";

Deno.test("[realtime] the catalogue spells the spec client's channel names", () => {
  assert.equal(channels.ticket(7), "company-7-ticket");
  assert.equal(channels.appMessage(7), "company-7-appMessage");
  assert.equal(channels.contact(7), "company-7-contact");
  assert.equal(channels.user(7), "company-7-user");
  assert.equal(channels.auth(7), "company-7-auth");
  assert.equal(channels.settings(7), "company-7-settings");
  assert.equal(channels.whatsapp(7), "company-7-whatsapp");
  assert.equal(channels.whatsappSession(7), "company-7-whatsappSession");
  assert.equal(channels.queue(7), "company-7-queue");
  assert.equal(channels.queueIntegration(7), "company-7-queueIntegration");
  // The spec's client listens on these exact spellings (no dash after "company").
  assert.equal(channels.quickMessage(7), "company7-quickemessage");
  assert.equal(channels.schedule(7), "company7-schedule");
  assert.equal(channels.file(7), "company7-file");
  assert.equal(channels.campaign(7), "company-7-campaign");
  assert.equal(channels.contactList(7), "company-7-ContactList");
  assert.equal(channels.contactListItem(7), "company-7-ContactListItem");
  assert.equal(channels.contactListItemsOf(7, 3), "company-7-ContactListItem-3");
  assert.equal(channels.chat(7), "company-7-chat");
  assert.equal(channels.chatOf(7, 3), "company-7-chat-3");
  assert.equal(channels.chatOfUser(7, 3), "company-7-chat-user-3");
  assert.equal(channels.announcement(7), "company-7-announcement");
  assert.equal(channels.prompt(7), "company-7-prompt");
  assert.equal(channels.payment(7), "company-7-payment");
  assert.equal(channels.announcements(), "company-announcement");
  assert.deepEqual(pinnedRooms({ companyId: 7, userId: 3 }), [
    rooms.company(7),
    rooms.user(3),
    rooms.everyone(),
  ]);
  assert.deepEqual(pinnedRooms({ companyId: 7, userId: 3 }), ["company-7", "user-3", "everyone"]);
});

const PRODUCT_FOLDERS = ["routes", "services", "islands", "components", "lib", "bench"];
const CATALOGUE = "lib/realtime/channels.ts";
/** A template literal that starts a company or user channel or room by hand. */
const HAND_BUILT_NAME = /[`"'](company-?|user-)\$\{/;

async function* productFiles(folder: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(folder)) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory) yield* productFiles(path);
    else if (/\.tsx?$/.test(entry.name) && !/_test\.tsx?$/.test(entry.name)) yield path;
  }
}

Deno.test("[realtime] names come from the catalogue and only services publish", async () => {
  const root = new URL("../../", import.meta.url).pathname;
  const handBuilt: string[] = [];
  const publishingRoutes: string[] = [];
  for (const folder of PRODUCT_FOLDERS) {
    for await (const path of productFiles(`${root}${folder}`)) {
      const relative = path.slice(root.length);
      const text = await Deno.readTextFile(path);
      text.split("\n").forEach((line, i) => {
        if (relative !== CATALOGUE && HAND_BUILT_NAME.test(line)) {
          handBuilt.push(`${relative}:${i + 1}: ${line.trim()}`);
        }
        if (relative.startsWith("routes/") && /\.publish\(/.test(line)) {
          publishingRoutes.push(`${relative}:${i + 1}: ${line.trim()}`);
        }
      });
    }
  }
  assert.deepEqual(handBuilt, [], "use lib/realtime/channels.ts for these names");
  assert.deepEqual(publishingRoutes, [], "move these publishes into the service the route calls");
});
