/**
 * Password reset (admin §7), public: `POST /forgetpassword` {email} e-mails a code and
 * `POST /resetpasswords` {email, token, password} sets the new password. The anchor put
 * the e-mail, the code and the new password in the URL path (so in access logs and browser
 * history); our page sends them in the JSON body, and the path form is accepted for the
 * original screens, with the same checks and rate limits.
 */
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../lib/http/env.ts";
import { clientIp } from "../../lib/http/client_ip.ts";
import { RateLimiter } from "../../lib/http/rate_limit.ts";
import { readJson, validate } from "../../lib/http/validate.ts";
import { createT } from "../../lib/i18n/mod.ts";
import type { WebDeps } from "../deps.ts";
import {
  checkEmail,
  checkResetCode,
  checkStrongPassword,
  normalizeResetCode,
} from "../../services/accounts/account_rules.ts";
import {
  issueResetCode,
  RESET_CODE_MINUTES,
  resetPassword,
} from "../../services/accounts/password_reset.ts";
import { passwordResetMail } from "../../services/accounts/reset_mail.ts";
import { requestLanguage, ruledString } from "./_account_fields.ts";
import type { RouteDocs } from "../../lib/http/openapi.ts";

const emailField = ruledString(checkEmail).transform((s) => s.trim().toLowerCase());

export const forgetBody = z.object({ email: emailField });

export const resetBody = z.object({
  email: emailField,
  token: ruledString(checkResetCode).transform(normalizeResetCode),
  password: ruledString(checkStrongPassword),
});

/** `jwtKey` also keys the stored hashes of the codes; `publicUrl` is the e-mail's link. */
export function passwordResetRoutes(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const WINDOW_MS = 15 * 60_000;
  // Each request may send an e-mail: few per address, so nobody's mailbox can be flooded;
  // and every new code gets only 5 tries, so few codes per address bound the guessing.
  const requestsPerIp = new RateLimiter(10, WINDOW_MS);
  const requestsPerEmail = new RateLimiter(3, WINDOW_MS);
  const resetsPerIp = new RateLimiter(20, WINDOW_MS);
  const resetsPerEmail = new RateLimiter(10, WINDOW_MS);

  /** Step 1, the same checks and limits whichever way the e-mail came. */
  async function forget(c: Context<AppEnv>, values: unknown) {
    const lang = requestLanguage(c);
    const { email } = validate(forgetBody, values);
    requestsPerIp.hit(clientIp(c));
    requestsPerEmail.hit(email);
    const issued = await issueResetCode(deps.db, deps.jwtKey, email);
    if (issued) {
      const mail = passwordResetMail(createT(lang), issued, deps.publicUrl);
      // Not awaited: the answer must not take longer when the account exists (a timing
      // difference would tell what the body hides). The mailer records every message in
      // mail_outbox and never throws on SMTP trouble; a database error is logged here.
      deps.mailer.send(mail).catch((err) => {
        console.error(`Password reset mail to ${mail.to} could not be recorded:`, err);
      });
    }
    // The same answer whether or not an account has this e-mail: telling them apart would
    // let anyone find out who has an account here (the anchor answered 404 for unknown
    // e-mails). The page words its message accordingly ("if this e-mail has an account…").
    return c.json({ ok: true, expiresInMinutes: RESET_CODE_MINUTES });
  }

  routes.post("/forgetpassword", async (c) => await forget(c, await readJson(c)));
  // The original screen puts the e-mail in the path (spec admin §7).
  routes.post("/forgetpassword/:email", async (c) => await forget(c, c.req.param()));

  /** The same checks and limits whichever way the values came. */
  async function reset(c: Context<AppEnv>, values: unknown) {
    const body = validate(resetBody, values);
    resetsPerIp.hit(clientIp(c));
    resetsPerEmail.hit(body.email);
    await resetPassword(deps.db, deps.jwtKey, {
      email: body.email,
      code: body.token,
      password: body.password,
    }, deps.hub);
    requestsPerEmail.reset(body.email);
    return c.json({ ok: true });
  }

  routes.post("/resetpasswords", async (c) => await reset(c, await readJson(c)));

  // The original reset screen puts the values in the path (spec admin §7). Accepted for those
  // clients, though it leaves the new password in access logs: our page uses the body.
  routes.post("/resetpasswords/:email/:token/:newPassword", async (c) => {
    const { email, token, newPassword } = c.req.param();
    return await reset(c, { email, token, password: newPassword });
  });

  return routes;
}

export const passwordResetDocs: RouteDocs = {
  "POST /forgetpassword": {
    tag: "auth",
    summary: "E-mail a password reset link",
    access: "public",
    body: forgetBody,
  },
  "POST /forgetpassword/:email": {
    tag: "auth",
    summary: "E-mail a password reset link (the e-mail in the path)",
    access: "public",
  },
  "POST /resetpasswords": {
    tag: "auth",
    summary: "Set a new password with a reset token",
    access: "public",
    body: resetBody,
  },
  "POST /resetpasswords/:email/:token/:newPassword": {
    tag: "auth",
    summary: "Set a new password with a reset token (all in the path)",
    access: "public",
  },
};
