/**
 * What a client written for Whaticket sends and expects (issue 15, "What Whaticket's clients
 * send"), on the ticket cast: the session user's queues, the screens' spellings of "none"
 * and "disabled", quoted replies as objects, the colleagues list of the transfer dialog,
 * message lists with their contact, and media addresses an `<img>` can load without a header.
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { createMediaLinks } from "../../lib/media/signed_url.ts";
import { loadJwtKey } from "../../services/accounts/secrets.ts";
import { answer } from "../helpers/api_as.ts";
import { cookiesOf } from "../helpers/sign_in.ts";
import { openTicketEnv } from "../helpers/ticket_env.ts";

const PNG = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  ),
  (c) => c.charCodeAt(0),
);

/** The path and query of an absolute address, for `app.request`. */
function local(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

Deno.test("[api] Whaticket clients: session, users, queues, messages and media", async (t) => {
  const env = await openTicketEnv();
  const { db, app, companyId, connectionId, queues, users, asAdmin, asAgent } = env;
  const call = async (as: typeof asAdmin, method: string, path: string, body?: unknown) =>
    await answer(await as(method, path, body));
  const json = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.request(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  try {
    await t.step("login and refresh answer the user with its queues", async () => {
      const expected = [{ id: queues.sales, name: "Vendas", color: "#1e88e5" }];
      const login = await json("/api/auth/login", {
        email: users.agent.email,
        password: users.agent.password,
      });
      assert.equal(login.status, 200);
      assert.deepEqual((await login.json()).user.queues, expected);
      const refreshed = await json("/api/auth/refresh_token", undefined, {
        Cookie: `jrt=${cookiesOf(login).jrt}`,
      });
      assert.equal(refreshed.status, 200);
      assert.deepEqual((await refreshed.json()).user.queues, expected);
    });

    await t.step("users: allTicket 'desabled' and whatsappId false are accepted", async () => {
      const created = await call(asAdmin, "POST", "/api/users", {
        name: "Rita Lopes",
        email: "rita@example.com",
        password: "senha123",
        profile: "user",
        allTicket: "desabled",
        whatsappId: false,
        queueIds: [],
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.equal(created.body.allTicket, "disabled");
      assert.equal(created.body.whatsappId, null);
      const edited = await call(asAdmin, "PUT", `/api/users/${created.body.id}`, {
        allTicket: "enabled",
        whatsappId: false,
      });
      assert.equal(edited.status, 200, JSON.stringify(edited.body));
      assert.deepEqual([edited.body.allTicket, edited.body.whatsappId], ["enabled", null]);
      const wrong = await call(asAdmin, "PUT", `/api/users/${created.body.id}`, {
        allTicket: "sometimes",
      });
      assert.equal(wrong.status, 400, "other spellings are still refused");
    });

    await t.step("queues: promptId and integrationId false mean none", async () => {
      const none = { promptId: false, integrationId: false };
      const edited = await call(asAdmin, "PUT", `/api/queue/${queues.support}`, none);
      assert.equal(edited.status, 200, JSON.stringify(edited.body));
      const created = await call(asAdmin, "POST", "/api/queue", {
        name: "Financeiro",
        color: "#8e24aa",
        ...none,
      });
      assert.ok([200, 201].includes(created.status), JSON.stringify(created.body));
    });

    await t.step(
      "a plain user lists colleagues by name only; admins get the full list",
      async () => {
        const plain = await call(asAgent, "GET", "/api/users/list");
        assert.equal(plain.status, 200);
        assert.ok(plain.body.length >= 4);
        for (const colleague of plain.body) {
          assert.deepEqual(Object.keys(colleague).sort(), ["id", "name", "queues"]);
        }
        const agent = plain.body.find((u: { id: number }) => u.id === users.agent.id);
        assert.deepEqual(agent.queues.map((q: { id: number }) => q.id), [queues.sales]);
        const full = await call(asAdmin, "GET", "/api/users/list");
        const seen = full.body.find((u: { id: number }) => u.id === users.agent.id);
        assert.equal(seen.email, users.agent.email);
        assert.equal(seen.profile, "user");
      },
    );

    let ticket: { id: number; contactId: number };
    await t.step("a ticket's contact carries its e-mail", async () => {
      ticket = await env.customerWrites("5511987650009", "Marta Dias", "Oi");
      await db.run(sql`update contacts set email = 'marta@example.com'
        where id = ${ticket.contactId}`);
      const shown = await call(asAdmin, "GET", `/api/tickets/${ticket.id}`);
      assert.equal(shown.body.contact.email, "marta@example.com");
      const listed = await call(asAdmin, "GET", "/api/tickets?status=pending&showAll=true");
      const row = listed.body.tickets.find((x: { id: number }) => x.id === ticket.id);
      assert.equal(row.contact.email, "marta@example.com");
    });

    await t.step("a reply quotes the message object the screen sends", async () => {
      await call(asAdmin, "PUT", `/api/tickets/${ticket.id}`, { status: "open" });
      const customerMessage = await db.one<{ id: number; wid: string }>(sql`
        select id, wid from messages where ticket_id = ${ticket.id} and not from_me`);
      const quoted = await call(asAdmin, "POST", `/api/messages/${ticket.id}`, {
        body: "Sobre isso",
        read: 1,
        fromMe: true,
        mediaUrl: "",
        quotedMsg: { id: customerMessage.id, body: "Oi", fromMe: false },
      });
      assert.equal(quoted.status, 201, JSON.stringify(quoted.body));
      assert.equal(quoted.body.messages[0].quotedWid, customerMessage.wid);
      const plain = await call(asAdmin, "POST", `/api/messages/${ticket.id}`, {
        body: "Sem citação",
        quotedMsg: null,
      });
      assert.equal(plain.status, 201, JSON.stringify(plain.body));
      assert.equal(plain.body.messages[0].quotedWid, null);
    });

    let mediaUrl = "";
    await t.step("message lists carry the contact and an absolute, signed mediaUrl", async () => {
      const form = new FormData();
      form.append("number", "5511987650009");
      form.append("name", "Marta Dias");
      form.append("body", "foto");
      form.append("medias", new File([PNG], "foto.png", { type: "image/png" }));
      const sent = await asAdmin("POST", `/api/sandbox/${connectionId}/inbound`, form);
      assert.equal(sent.status, 201);
      const list = await call(asAdmin, "GET", `/api/messages/${ticket.id}`);
      assert.equal(list.status, 200);
      const customer = list.body.messages.find((m: { fromMe: boolean }) => !m.fromMe);
      assert.equal(customer.contact.id, ticket.contactId);
      assert.equal(customer.contact.name, "Marta Dias");
      assert.equal(customer.contact.email, "marta@example.com");
      const picture = list.body.messages.find((m: { mediaType: string }) =>
        m.mediaType === "image"
      );
      mediaUrl = picture.mediaUrl;
      assert.match(
        mediaUrl,
        new RegExp(`^http://localhost:8000/api/media/${companyId}/[^?]+\\?expires=\\d+&signature=`),
      );
    });

    await t.step("the signed address loads without a header; nothing else does", async () => {
      const image = await app.request(local(mediaUrl));
      assert.equal(image.status, 200);
      assert.equal(image.headers.get("Content-Type"), "image/png");
      assert.deepEqual(new Uint8Array(await image.arrayBuffer()), PNG);

      const url = new URL(mediaUrl);
      const unsigned = await app.request(url.pathname);
      assert.equal(unsigned.status, 401, "the bare path still needs a session");
      const tampered = new URL(url);
      tampered.searchParams.set("signature", "A".repeat(43));
      assert.equal((await app.request(local(tampered.href))).status, 401);
      const later = new URL(url);
      later.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 60));
      assert.equal((await app.request(local(later.href))).status, 401, "expiry is signed");
      // The same file name under another company's folder: the signature does not carry over.
      const moved = local(mediaUrl).replace(
        `/api/media/${companyId}/`,
        `/api/media/${companyId + 1}/`,
      );
      assert.equal((await app.request(moved)).status, 401);

      const jwtKey = await loadJwtKey(db);
      const links = (now: number) =>
        createMediaLinks({ key: jwtKey, publicUrl: "http://localhost:8000", now: () => now });
      const path = url.pathname.replace("/api/media/", "");
      const old = links(Date.now() - 3 * 60 * 60_000).url(path);
      assert.equal((await app.request(local(old))).status, 401, "an expired address is refused");
      const otherKey = createMediaLinks({
        key: crypto.getRandomValues(new Uint8Array(48)),
        publicUrl: "http://localhost:8000",
      }).url(path);
      assert.equal((await app.request(local(otherKey))).status, 401);
      assert.equal((await app.request(local(links(Date.now()).url(path)))).status, 200);
    });
  } finally {
    await env.close();
  }
});
