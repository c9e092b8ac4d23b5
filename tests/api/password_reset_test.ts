/**
 * Password reset by e-mailed code (admin §2, §4, §5, §7), end to end through a real local
 * SMTP server: the code is read from the mail that arrived, then used.
 */
import assert from "node:assert/strict";
import { type Db, sql } from "../../lib/db/mod.ts";
import { createMailer } from "../../lib/mail/mod.ts";
import { openTestApp } from "../helpers/app.ts";
import { createTestCompany, createTestUser, type TestUser } from "../helpers/accounts.ts";
import { startTestSmtpServer, type TestSmtpServer } from "../helpers/smtp_server.ts";

type App = Awaited<ReturnType<typeof openTestApp>>["app"];

let ipCounter = 0;
/** A new client address, so each request has its own rate-limit budget unless told. */
function newIp(): string {
  ipCounter++;
  return `10.9.${Math.floor(ipCounter / 250)}.${ipCounter % 250 + 1}`;
}

function post(
  app: App,
  path: string,
  body: unknown,
  options: { headers?: Record<string, string>; ip?: string } = {},
) {
  return app.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...options.headers },
    body: JSON.stringify(body),
  }, { remoteAddr: { hostname: options.ip ?? newIp(), port: 40000, transport: "tcp" } });
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

interface OutboxRow {
  id: number;
  company_id: number | null;
  subject: string;
  text_body: string;
  html_body: string;
  status: string;
}

/**
 * The newest reset mail to `email` once its delivery is over (sent), and the code read from
 * the message the SMTP server received.
 */
async function mailedCode(db: Db, smtp: TestSmtpServer, email: string, count = 1) {
  const row = await waitFor("the mail to be sent", async () => {
    const rows = await db.query<OutboxRow>(sql`
      select id, company_id, subject, text_body, html_body, status from mail_outbox
      where to_address = ${email} order by id`);
    return rows.length >= count && rows.every((r) => r.status === "sent")
      ? rows[rows.length - 1]
      : undefined;
  });
  const received = smtp.received.filter((mail) => mail.to.includes(email));
  assert.equal(received.length, count);
  const raw = received[received.length - 1]!.raw;
  const match = /: (\d{4}) (\d{4})\r?$/m.exec(raw);
  assert.ok(match, "the code is in the mail");
  return { row, raw, code: `${match[1]}${match[2]}` };
}

async function requestCode(app: App, email: string, headers: Record<string, string> = {}) {
  const res = await post(app, "/api/forgetpassword", { email }, { headers });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { ok: true, expiresInMinutes: 15 });
}

/** A code that is not `code`. */
function wrong(code: string): string {
  return code.slice(0, 7) + String((Number(code[7]) + 1) % 10);
}

/** name → value of the cookies a response sets. */
function cookiesOf(res: Response): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const [name, ...value] = pair!.split("=");
    jar[name!.trim()] = value.join("=");
  }
  return jar;
}

const NEW_PASSWORD = "NovaSenha1";
const WEAK_MESSAGE = { code: "ERR_WEAK_PASSWORD", minimum: 8 };

Deno.test("[api] password reset by e-mailed code", async (t) => {
  const smtp = await startTestSmtpServer();
  const { app, db, close } = await openTestApp((db) => ({
    mailer: createMailer({ db, smtpUrl: `smtp://127.0.0.1:${smtp.port}`, log: () => {} }),
  }));
  const companyId = await createTestCompany(db);
  const newUser = () => createTestUser(db, companyId);
  const reset = (body: Record<string, unknown>, options: Parameters<typeof post>[3] = {}) =>
    post(app, "/api/resetpasswords", body, options);
  const login = (email: string, password: string) =>
    post(app, "/api/auth/login", { email, password });

  try {
    await t.step("an unknown e-mail gets the same answer and nothing is sent", async () => {
      await requestCode(app, "nobody-here@example.com");
      // Give a background send, were there one, the time to show up.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const rows = await db.query(sql`select 1 from mail_outbox`);
      assert.equal(rows.length, 0);
      assert.equal(smtp.received.length, 0);
      const codes = await db.query(sql`select 1 from password_resets`);
      assert.equal(codes.length, 0);
    });

    let user: TestUser;
    let code = "";
    await t.step("a known e-mail: the same answer, and the code arrives by e-mail", async () => {
      user = await newUser();
      await requestCode(app, user.email.toUpperCase());
      const mail = await mailedCode(db, smtp, user.email);
      code = mail.code;
      assert.match(code, /^\d{8}$/);
      assert.equal(mail.row.subject, "Seu código para redefinir a senha do Balcão");
      assert.equal(mail.row.company_id, companyId);
      assert.match(mail.row.text_body, /^Olá, User \d+!/);
      assert.match(mail.row.text_body, /Código de verificação: \d{4} \d{4}/);
      assert.match(mail.row.text_body, /vale por 15 minutos e só pode ser usado uma vez/);
      assert.ok(
        mail.row.text_body.includes(
          `http://localhost:8000/forgetpsw?email=${encodeURIComponent(user.email)}`,
        ),
        "a link to the page where the code is typed",
      );
      assert.match(mail.row.html_body, /<a href="http:\/\/localhost:8000\/forgetpsw\?email=/);
      assert.ok(!mail.row.text_body.includes(user.password), "no password in the mail");

      const stored = await db.one<{ code_hash: string; attempts: number; minutes: number }>(sql`
        select code_hash, attempts,
               round(extract(epoch from expires_at - now()) / 60)::int as minutes
        from password_resets where user_id = ${user.id}`);
      assert.equal(stored.attempts, 0);
      assert.equal(stored.minutes, 15);
      assert.match(stored.code_hash, /^[0-9a-f]{64}$/);
      assert.ok(!stored.code_hash.includes(code), "only a hash of the code is kept");
    });

    await t.step("a wrong code is refused and counts as an attempt", async () => {
      const res = await reset({ email: user.email, token: wrong(code), password: NEW_PASSWORD });
      assert.equal(res.status, 400);
      assert.deepEqual(await res.json(), { error: "ERR_RESET_CODE_INVALID" });
      const row = await db.one<{ attempts: number }>(
        sql`select attempts from password_resets where user_id = ${user.id}`,
      );
      assert.equal(row.attempts, 1);
    });

    await t.step("a weak new password is refused before the code is even looked at", async () => {
      for (const password of ["curta1A", "semmaiuscula1", "SEMMINUSCULA1", "SemNumeroAqui"]) {
        const res = await reset({ email: user.email, token: code, password });
        assert.equal(res.status, 400);
        assert.deepEqual(await res.json(), {
          error: "ERR_VALIDATION",
          fields: { password: WEAK_MESSAGE },
        });
      }
      const row = await db.one<{ attempts: number }>(
        sql`select attempts from password_resets where user_id = ${user.id}`,
      );
      assert.equal(row.attempts, 1, "no attempt was spent");
    });

    await t.step("the right code sets the password and signs the user out everywhere", async () => {
      const before = await login(user.email, user.password);
      assert.equal(before.status, 200);
      const { token: oldAccess, jrt: oldRefresh } = cookiesOf(before);
      const version = await db.one<{ token_version: number }>(
        sql`select token_version from users where id = ${user.id}`,
      );

      // As typed from the mail: grouped, with a space.
      const res = await reset({
        email: ` ${user.email} `,
        token: `${code.slice(0, 4)} ${code.slice(4)}`,
        password: NEW_PASSWORD,
      });
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { ok: true });

      const after = await db.one<{ token_version: number }>(
        sql`select token_version from users where id = ${user.id}`,
      );
      assert.equal(after.token_version, version.token_version + 1);
      const live = await db.query(sql`
        select 1 from refresh_tokens where user_id = ${user.id} and revoked_at is null`);
      assert.equal(live.length, 0, "every refresh token is revoked");
      const refreshed = await post(app, "/api/auth/refresh_token", undefined, {
        headers: { Cookie: `jrt=${oldRefresh}` },
      });
      assert.equal(refreshed.status, 401);
      const me = await app.request("/api/auth/me", { headers: { Cookie: `token=${oldAccess}` } });
      assert.equal(me.status, 403, "the old access token is stale");
      await me.body?.cancel();

      assert.equal((await login(user.email, user.password)).status, 401, "old password");
      assert.equal((await login(user.email, NEW_PASSWORD)).status, 200, "new password");
    });

    await t.step("a code works once", async () => {
      const res = await reset({ email: user.email, token: code, password: "OutraSenha2" });
      assert.equal(res.status, 400);
      assert.deepEqual(await res.json(), { error: "ERR_RESET_CODE_INVALID" });
      assert.equal((await login(user.email, NEW_PASSWORD)).status, 200);
    });

    await t.step("a new request replaces the previous code", async () => {
      const other = await newUser();
      await requestCode(app, other.email);
      const first = (await mailedCode(db, smtp, other.email, 1)).code;
      await requestCode(app, other.email);
      const second = (await mailedCode(db, smtp, other.email, 2)).code;
      const rows = await db.query(sql`select 1 from password_resets where user_id = ${other.id}`);
      assert.equal(rows.length, 1);
      if (first !== second) {
        const old = await reset({ email: other.email, token: first, password: NEW_PASSWORD });
        assert.equal(old.status, 400);
        await old.body?.cancel();
      }
      const current = await reset({ email: other.email, token: second, password: NEW_PASSWORD });
      assert.equal(current.status, 200);
      await current.body?.cancel();
    });

    await t.step("an expired code is refused, even when right", async () => {
      const other = await newUser();
      await requestCode(app, other.email);
      const { code } = await mailedCode(db, smtp, other.email);
      await db.run(sql`update password_resets set expires_at = now() - interval '1 second'
        where user_id = ${other.id}`);
      const res = await reset({ email: other.email, token: code, password: NEW_PASSWORD });
      assert.equal(res.status, 400);
      assert.deepEqual(await res.json(), { error: "ERR_RESET_CODE_INVALID" });
      const rows = await db.query(sql`select 1 from password_resets where user_id = ${other.id}`);
      assert.equal(rows.length, 0, "the expired code is gone");
      assert.equal((await login(other.email, other.password)).status, 200, "password unchanged");
    });

    await t.step("five wrong tries burn the code", async () => {
      const other = await newUser();
      await requestCode(app, other.email);
      const { code } = await mailedCode(db, smtp, other.email);
      for (let i = 0; i < 5; i++) {
        const res = await reset({ email: other.email, token: wrong(code), password: NEW_PASSWORD });
        assert.equal(res.status, 400);
        assert.deepEqual(await res.json(), { error: "ERR_RESET_CODE_INVALID" });
      }
      const burnt = await reset({ email: other.email, token: code, password: NEW_PASSWORD });
      assert.equal(burnt.status, 400);
      assert.deepEqual(await burnt.json(), { error: "ERR_RESET_CODE_INVALID" });
      assert.equal((await login(other.email, other.password)).status, 200, "password unchanged");
    });

    await t.step("four wrong tries leave the code usable", async () => {
      const other = await newUser();
      await requestCode(app, other.email);
      const { code } = await mailedCode(db, smtp, other.email);
      for (let i = 0; i < 4; i++) {
        const res = await reset({ email: other.email, token: wrong(code), password: NEW_PASSWORD });
        assert.equal(res.status, 400);
        await res.body?.cancel();
      }
      const res = await reset({ email: other.email, token: code, password: NEW_PASSWORD });
      assert.equal(res.status, 200);
      await res.body?.cancel();
    });

    await t.step("an unknown e-mail on reset reads like a wrong code", async () => {
      const res = await reset({
        email: "nobody-here@example.com",
        token: "12345678",
        password: NEW_PASSWORD,
      });
      assert.equal(res.status, 400);
      assert.deepEqual(await res.json(), { error: "ERR_RESET_CODE_INVALID" });
    });

    await t.step("every validation rule answers its code", async () => {
      const REQUIRED = { code: "ERR_REQUIRED" };
      const CODE = { code: "ERR_INVALID_RESET_CODE", length: 8 };
      const cases: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
        ["/api/forgetpassword", {}, { email: REQUIRED }],
        ["/api/forgetpassword", { email: "" }, { email: REQUIRED }],
        ["/api/forgetpassword", { email: "not-an-email" }, {
          email: { code: "ERR_INVALID_EMAIL" },
        }],
        ["/api/resetpasswords", {}, {
          email: REQUIRED,
          token: REQUIRED,
          password: REQUIRED,
        }],
        ["/api/resetpasswords", { email: "x@", token: "12ab5678", password: "Abcdefg1" }, {
          email: { code: "ERR_INVALID_EMAIL" },
          token: CODE,
        }],
        ["/api/resetpasswords", { email: "a@b.co", token: "1234567", password: "Abcdefg1" }, {
          token: CODE,
        }],
        ["/api/resetpasswords", { email: "a@b.co", token: "12345678", password: "Abc1" }, {
          password: WEAK_MESSAGE,
        }],
        ["/api/resetpasswords", {
          email: "a@b.co",
          token: "12345678",
          password: "Ab1" + "x".repeat(48),
        }, { password: { code: "ERR_TOO_LONG", maximum: 50 } }],
      ];
      for (const [path, body, fields] of cases) {
        const res = await post(app, path, body);
        assert.equal(res.status, 400, `${path} ${JSON.stringify(body)}`);
        assert.deepEqual(await res.json(), { error: "ERR_VALIDATION", fields });
      }
    });

    await t.step("the mail follows the visitor's language; the codes do not change", async () => {
      const english = await reset(
        { email: "a@b.co", token: "12345678", password: "weak" },
        { headers: { "Accept-Language": "en" } },
      );
      assert.deepEqual((await english.json()).fields, { password: WEAK_MESSAGE });

      const other = await newUser();
      await requestCode(app, other.email, { "Accept-Language": "en-GB,en;q=0.8" });
      const mail = await mailedCode(db, smtp, other.email);
      assert.equal(mail.row.subject, "Your code to reset your Balcão password");
      assert.match(mail.row.text_body, /^Hello, User \d+!/);
      assert.match(mail.row.text_body, /valid for 15 minutes and can be used only once/);
    });

    await t.step("the super user's reset mail is platform mail (no company)", async () => {
      const superUser = await createTestUser(db, companyId, { super: true });
      await requestCode(app, superUser.email);
      const mail = await mailedCode(db, smtp, superUser.email);
      assert.equal(mail.row.company_id, null);
    });

    await t.step("per e-mail: three requests in 15 minutes, then 429", async () => {
      const email = "flood-me@example.com";
      for (let i = 0; i < 3; i++) await requestCode(app, email);
      const res = await post(app, "/api/forgetpassword", { email: email.toUpperCase() });
      assert.equal(res.status, 429);
      const body = await res.json();
      assert.equal(body.error, "ERR_TOO_MANY_ATTEMPTS");
      assert.ok(body.retryAfter > 0 && body.retryAfter <= 900);
    });

    await t.step("per address: ten requests in 15 minutes, then 429", async () => {
      const ip = "192.0.2.77";
      for (let i = 0; i < 10; i++) {
        const res = await post(app, "/api/forgetpassword", { email: `n${i}@example.com` }, { ip });
        assert.equal(res.status, 200);
        await res.body?.cancel();
      }
      const res = await post(app, "/api/forgetpassword", { email: "n10@example.com" }, { ip });
      assert.equal(res.status, 429);
      assert.equal((await res.json()).error, "ERR_TOO_MANY_ATTEMPTS");
    });

    await t.step("resets: ten per e-mail and twenty per address, then 429", async () => {
      const email = "guess-me@example.com";
      for (let i = 0; i < 10; i++) {
        const res = await reset({ email, token: "00000000", password: NEW_PASSWORD });
        assert.equal(res.status, 400);
        await res.body?.cancel();
      }
      const byEmail = await reset({ email, token: "00000000", password: NEW_PASSWORD });
      assert.equal(byEmail.status, 429);
      assert.equal((await byEmail.json()).error, "ERR_TOO_MANY_ATTEMPTS");

      const ip = "192.0.2.88";
      for (let i = 0; i < 20; i++) {
        const res = await reset(
          { email: `g${i}@example.com`, token: "00000000", password: NEW_PASSWORD },
          { ip },
        );
        assert.equal(res.status, 400);
        await res.body?.cancel();
      }
      const byIp = await reset(
        { email: "g20@example.com", token: "00000000", password: NEW_PASSWORD },
        { ip },
      );
      assert.equal(byIp.status, 429);
      assert.equal((await byIp.json()).error, "ERR_TOO_MANY_ATTEMPTS");
    });

    // Both steps also take their values in the path, for the original screens: see
    // tests/api/whaticket_admin_test.ts.
  } finally {
    await close();
    await smtp.close();
  }
});
