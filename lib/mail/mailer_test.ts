import assert from "node:assert/strict";
import { sql } from "../db/mod.ts";
import { openTestDb } from "../../tests/helpers/db.ts";
import { startTestSmtpServer } from "../../tests/helpers/smtp_server.ts";
import { createMailer, defaultFrom } from "./mailer.ts";
import { maskSmtpUrl, smtpOptionsFromUrl } from "./smtp_url.ts";

interface OutboxRow {
  company_id: number | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: string;
  error: string | null;
  sent_at: Date | null;
}

const outboxRow = (db: Parameters<typeof createMailer>[0]["db"], id: number) =>
  db.one<OutboxRow>(sql`select * from mail_outbox where id = ${id}`);

Deno.test("mailer - delivers through SMTP and marks the row sent", async () => {
  const { db, close } = await openTestDb();
  const server = await startTestSmtpServer();
  try {
    const lines: string[] = [];
    const mailer = createMailer({
      db,
      smtpUrl: `smtp://127.0.0.1:${server.port}`,
      publicUrl: "https://help.example.test:8443/app",
      log: (text) => lines.push(text),
    });
    const result = await mailer.send({
      to: "ana@example.test",
      subject: "Your reset code",
      text: "Your code is 482913.",
      html: "<p>Your code is <b>482913</b>.</p>",
      companyId: 7,
    });

    assert.equal(result.delivered, true);
    assert.equal(server.received.length, 1);
    const mail = server.received[0]!;
    assert.deepEqual(mail.to, ["ana@example.test"]);
    assert.equal(mail.from, "no-reply@help.example.test");
    assert.match(mail.raw, /^Subject: Your reset code\r?$/m);
    assert.match(mail.raw, /Your code is 482913\./);
    assert.match(mail.raw, /<b>482913<\/b>/);

    const row = await outboxRow(db, result.id);
    assert.equal(row.status, "sent");
    assert.equal(row.error, null);
    assert.ok(row.sent_at instanceof Date);
    assert.equal(row.company_id, 7);
    assert.equal(row.html_body, "<p>Your code is <b>482913</b>.</p>");
    assert.deepEqual(lines, []);
  } finally {
    await server.close();
    await close();
  }
});

Deno.test("mailer - sends the URL's credentials, percent-decoded", async () => {
  const { db, close } = await openTestDb();
  const seen: string[] = [];
  const server = await startTestSmtpServer({
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      seen.push(`${auth.username}|${auth.password}`);
      callback(null, { user: auth.username });
    },
  });
  try {
    const mailer = createMailer({
      db,
      smtpUrl: `smtp://me%40x.test:p%3As%2Fw@localhost:${server.port}`,
      log: () => {},
    });
    const result = await mailer.send({ to: "b@example.test", subject: "Hi", text: "Hello" });
    assert.equal(result.delivered, true);
    assert.deepEqual(seen, ["me@x.test|p:s/w"]);
  } finally {
    await server.close();
    await close();
  }
});

Deno.test("mailer - never tries STARTTLS on a loopback host, even when offered", async () => {
  const { db, close } = await openTestDb();
  // STARTTLS enabled, with smtp-server's own self-signed certificate: an upgrade would fail.
  const server = await startTestSmtpServer({ disabledCommands: [] });
  try {
    const mailer = createMailer({ db, smtpUrl: `smtp://localhost:${server.port}`, log: () => {} });
    const result = await mailer.send({ to: "a@example.test", subject: "Hi", text: "Hello" });
    assert.equal(result.delivered, true);
    assert.equal(server.received.length, 1);
  } finally {
    await server.close();
    await close();
  }
});

Deno.test("mailer - a refused recipient marks the row failed with the reason", async () => {
  const { db, close } = await openTestDb();
  const server = await startTestSmtpServer({
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    onRcptTo(_address, _session, callback) {
      callback(Object.assign(new Error("Mailbox unavailable here"), { responseCode: 550 }));
    },
  });
  try {
    const lines: string[] = [];
    const mailer = createMailer({
      db,
      smtpUrl: `smtp://user:s3cret-pw@127.0.0.1:${server.port}`,
      log: (text) => lines.push(text),
    });
    const result = await mailer.send({ to: "gone@example.test", subject: "Hi", text: "Hello" });

    assert.equal(result.delivered, false);
    assert.equal(server.received.length, 0);
    const row = await outboxRow(db, result.id);
    assert.equal(row.status, "failed");
    assert.match(row.error ?? "", /550/);
    assert.match(row.error ?? "", /Mailbox unavailable here/);
    assert.equal(row.sent_at, null);
    assert.equal(lines.length, 1);
    assert.ok(!lines[0]!.includes("\n"), "one line");
    assert.match(lines[0]!, new RegExp(`Mail #${result.id} to gone@example.test not sent`));
    assert.ok(!lines[0]!.includes("s3cret-pw"), "the password stays out of the log");
  } finally {
    await server.close();
    await close();
  }
});

Deno.test("mailer - an unreachable server is a failed row, not a throw", async () => {
  const { db, close } = await openTestDb();
  // A port that was just free: nothing listens there any more.
  const server = await startTestSmtpServer();
  const port = server.port;
  await server.close();
  try {
    const mailer = createMailer({ db, smtpUrl: `smtp://127.0.0.1:${port}`, log: () => {} });
    const result = await mailer.send({ to: "a@example.test", subject: "Hi", text: "Hello" });
    assert.equal(result.delivered, false);
    const row = await outboxRow(db, result.id);
    assert.equal(row.status, "failed");
    assert.match(row.error ?? "", /ECONNREFUSED|ECONNECTION/);
  } finally {
    await close();
  }
});

Deno.test("mailer - without SMTP the message goes to the log and the row is logged", async () => {
  const { db, close } = await openTestDb();
  try {
    const lines: string[] = [];
    const mailer = createMailer({ db, log: (text) => lines.push(text) });
    const result = await mailer.send({
      to: "admin@example.test",
      subject: "Password reset",
      text: "Your code is 771204.",
    });

    assert.equal(result.delivered, false);
    assert.equal(lines.length, 1);
    assert.match(lines[0]!, /To: admin@example\.test/);
    assert.match(lines[0]!, /Subject: Password reset/);
    assert.match(lines[0]!, /Your code is 771204\./);
    const row = await outboxRow(db, result.id);
    assert.equal(row.status, "logged");
    assert.equal(row.company_id, null);
    assert.equal(row.text_body, "Your code is 771204.");
    assert.equal(row.sent_at, null);
  } finally {
    await close();
  }
});

Deno.test("smtp url - TLS choice, defaults and masking", () => {
  const local = smtpOptionsFromUrl("smtp://127.0.0.1:2525");
  assert.equal(local.secure, false);
  assert.equal(local.ignoreTLS, true);
  assert.equal(local.port, 2525);
  assert.equal(local.auth, undefined);

  const remote = smtpOptionsFromUrl("smtp://u:p@mail.example.test:587");
  assert.equal(remote.secure, false);
  assert.equal(remote.ignoreTLS, false, "a remote server may still upgrade with STARTTLS");
  assert.deepEqual(remote.auth, { user: "u", pass: "p" });

  const tls = smtpOptionsFromUrl("smtps://mail.example.test");
  assert.equal(tls.secure, true);
  assert.equal(tls.ignoreTLS, false);

  assert.throws(() => smtpOptionsFromUrl("http://mail.example.test"), /smtp:\/\/ or smtps:\/\//);
  assert.throws(() => smtpOptionsFromUrl("not a url"), /not a URL/);

  assert.equal(
    maskSmtpUrl("smtp://u:secret@mail.example.test:587"),
    "smtp://u:***@mail.example.test:587",
  );
  assert.equal(
    defaultFrom("https://help.example.test:8443/x"),
    "Balcão <no-reply@help.example.test>",
  );
  assert.equal(defaultFrom(), "Balcão <no-reply@localhost>");
});
