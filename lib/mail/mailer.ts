/**
 * The one way Balcão sends e-mail. Each message is written to `mail_outbox` first; then
 * either SMTP delivers it (SMTP_URL set) or, with no SMTP configured, it is printed to the
 * log, which is how a self-hoster without e-mail still reads a password-reset code.
 *
 * An SMTP failure never throws: callers (a password reset, an invitation) answer the user
 * either way, so `send` reports `delivered: false` and the row keeps the reason.
 * Database errors do throw: without the outbox row there is nothing to report against.
 *
 * @example
 * const mailer = createMailer({ db, smtpUrl: config.smtpUrl, publicUrl: config.publicUrl });
 * const { delivered } = await mailer.send({ to, subject: "Your code", text: `Code: ${code}` });
 */
import type { Db } from "../db/mod.ts";
import { insertOutbox, markFailed, markLogged, markSent, type OutboxMessage } from "./outbox.ts";
import { maskSmtpUrl, smtpOptionsFromUrl } from "./smtp_url.ts";

export type MailMessage = OutboxMessage;

export interface SendResult {
  /** The `mail_outbox` row. */
  id: number;
  /** True only when an SMTP server accepted the message. */
  delivered: boolean;
}

export interface Mailer {
  send(message: MailMessage): Promise<SendResult>;
}

export interface MailerOptions {
  db: Db;
  /** `smtp://` or `smtps://`; unset, messages go to the log. */
  smtpUrl?: string;
  /** The From header; defaults to `Balcão <no-reply@{host of publicUrl}>`. */
  from?: string;
  /** PUBLIC_URL, used only for the default From address. */
  publicUrl?: string;
  /** Receives whole blocks of text; defaults to `console.log`. */
  log?: (text: string) => void;
}

/** The From address when none is configured: a no-reply mailbox on the public host. */
export function defaultFrom(publicUrl = "http://localhost"): string {
  return `Balcão <no-reply@${new URL(publicUrl).hostname}>`;
}

export function createMailer(options: MailerOptions): Mailer {
  const { db, smtpUrl } = options;
  const log = options.log ?? ((text: string) => console.log(text));
  const from = options.from ?? defaultFrom(options.publicUrl);

  if (!smtpUrl) {
    return {
      async send(message) {
        const id = await insertOutbox(db, message);
        log(logBlock(id, message));
        await markLogged(db, id);
        return { id, delivered: false };
      },
    };
  }

  const smtp = smtpOptionsFromUrl(smtpUrl);
  // Not pooled: each send opens and closes its own connection, so nothing stays open
  // between messages and there is nothing to close on shutdown. nodemailer (about 15 MB once
  // loaded) is loaded with the first e-mail, not at start.
  const loadTransport = async () => (await import("nodemailer")).createTransport(smtp);
  let transport: ReturnType<typeof loadTransport> | undefined;
  const transportOf = () => transport ??= loadTransport();
  const where = maskSmtpUrl(smtpUrl);

  return {
    async send(message) {
      const id = await insertOutbox(db, message);
      try {
        const info = await (await transportOf()).sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        if (info.rejected.length > 0) {
          throw new Error(`The server refused ${info.rejected.join(", ")}: ${info.response}`);
        }
      } catch (error) {
        const reason = describeError(error, smtp.auth?.pass);
        await markFailed(db, id, reason);
        log(`Mail #${id} to ${message.to} not sent through ${where}: ${reason}`);
        return { id, delivered: false };
      }
      await markSent(db, id);
      return { id, delivered: true };
    },
  };
}

/** One readable block, so the code or link in the text is easy to find in the log. */
function logBlock(id: number, message: MailMessage): string {
  return [
    `----- Mail #${id} (not sent: SMTP_URL is unset) -----`,
    `To: ${message.to}`,
    `Subject: ${message.subject}`,
    "",
    message.text,
    `----- end of mail #${id} -----`,
  ].join("\n");
}

/** nodemailer's message plus its code; the password is scrubbed should a server echo it. */
function describeError(error: unknown, password?: string): string {
  const err = error as { message?: unknown; code?: unknown };
  const message = typeof err?.message === "string" ? err.message : String(error);
  const text = typeof err?.code === "string" ? `${err.code}: ${message}` : message;
  return password ? text.replaceAll(password, "***") : text;
}
