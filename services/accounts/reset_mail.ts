/**
 * The password-reset e-mail, in the language of the request that asked for it: subject,
 * plain text and a simple HTML version with the code, how long it is valid, and a link to
 * the page where it is typed.
 */
import type { MailMessage } from "../../lib/mail/mod.ts";
import type { TFunction } from "../../lib/i18n/mod.ts";
import type { IssuedResetCode } from "./password_reset.ts";

/** "12345678" → "1234 5678": easier to read and type; the form accepts either. */
export function groupCode(code: string): string {
  return code.length === 8 ? `${code.slice(0, 4)} ${code.slice(4)}` : code;
}

function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

export function passwordResetMail(
  t: TFunction,
  issued: IssuedResetCode,
  publicUrl: string,
): MailMessage {
  const { recipient, expiresInMinutes } = issued;
  const code = groupCode(issued.code);
  const link = new URL("/forgetpsw", publicUrl);
  link.searchParams.set("email", recipient.email);
  const app = t("common.appName");
  const values = { name: recipient.name, app, minutes: expiresInMinutes };
  const k = (key: string) => t(`mail.passwordReset.${key}`, values);

  const text = [
    k("greeting"),
    "",
    k("intro"),
    "",
    `${k("codeLabel")}: ${code}`,
    "",
    k("validity"),
    `${k("linkLabel")}: ${link.href}`,
    "",
    k("ignore"),
    "",
    k("signature"),
  ].join("\n");

  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f5f7f7;font-family:Arial,Helvetica,sans-serif;color:#0f1a19">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border:1px solid #e1e6e6;border-radius:14px;padding:28px">
<p style="margin:0 0 16px;font-size:15px">${escapeHtml(k("greeting"))}</p>
<p style="margin:0 0 20px;font-size:15px;line-height:1.5">${escapeHtml(k("intro"))}</p>
<p style="margin:0 0 6px;font-size:13px;color:#4f5d5c">${escapeHtml(k("codeLabel"))}</p>
<p style="margin:0 0 20px;font-size:30px;font-weight:bold;letter-spacing:6px;font-family:Menlo,Consolas,monospace;color:#086b58">${code}</p>
<p style="margin:0 0 20px;font-size:14px;line-height:1.5">${escapeHtml(k("validity"))}</p>
<p style="margin:0 0 24px"><a href="${
    escapeHtml(link.href)
  }" style="display:inline-block;background:#08836a;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:10px;font-size:14px">${
    escapeHtml(k("button"))
  }</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#4f5d5c">${
    escapeHtml(k("ignore"))
  }</p>
<p style="margin:0;font-size:13px;color:#4f5d5c">${escapeHtml(k("signature"))}</p>
</div></body></html>`;

  return {
    to: recipient.email,
    subject: k("subject"),
    text,
    html,
    companyId: recipient.companyId,
  };
}
