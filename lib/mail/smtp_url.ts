/**
 * Turns `SMTP_URL` into nodemailer transport options ourselves instead of handing nodemailer
 * the raw URL, so the TLS decision is explicit and tested:
 *
 * - `smtps://` connects with TLS from the first byte (port 465 by default);
 * - `smtp://` connects in plain text and upgrades with STARTTLS when the server offers it,
 *   except on a loopback host, where there is nothing to protect and a local relay or test
 *   server often advertises STARTTLS with a certificate that cannot verify.
 *
 * User and password come percent-encoded in the URL (`smtp://me%40x.org:p%3Ass@host`).
 */

export interface SmtpOptions {
  host: string;
  port?: number;
  secure: boolean;
  ignoreTLS: boolean;
  auth?: { user: string; pass: string };
  /** Sends happen inside requests (e.g. a password reset): fail in seconds, not minutes. */
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1)$/i;

/** Parses an `smtp://` or `smtps://` URL; throws a message naming what is wrong. */
export function smtpOptionsFromUrl(smtpUrl: string): SmtpOptions {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new Error("SMTP_URL is not a URL: use smtp://user:password@host:587 or smtps://…:465.");
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") {
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//.`);
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (!host) throw new Error("SMTP_URL has no host.");
  const secure = url.protocol === "smtps:";
  const user = decodeURIComponent(url.username);
  return {
    host,
    port: url.port ? Number(url.port) : undefined,
    secure,
    ignoreTLS: !secure && LOOPBACK.test(host),
    auth: user ? { user, pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}

/** The URL fit for a log line: the password replaced by `***`. */
export function maskSmtpUrl(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    if (url.password) url.password = "***";
    return url.href;
  } catch {
    return "(unparseable SMTP_URL)";
  }
}
