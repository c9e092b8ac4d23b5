/** E-mail: every message goes through the `mail_outbox` table, then SMTP or the log. */
export { createMailer, defaultFrom } from "./mailer.ts";
export type { Mailer, MailerOptions, MailMessage, SendResult } from "./mailer.ts";
export { maskSmtpUrl, smtpOptionsFromUrl } from "./smtp_url.ts";
export type { SmtpOptions } from "./smtp_url.ts";
export type { OutboxStatus } from "./outbox.ts";
