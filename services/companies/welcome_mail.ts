/**
 * The e-mail that gives a new company's first admin the password the server generated when
 * the super user created the company without one (issue 15: the original company form sends
 * none). The password never appears in the API's answer, only here, in the recipient's
 * language (the super user's, who chose to create the account).
 */
import type { TFunction } from "../../lib/i18n/mod.ts";
import type { MailMessage } from "../../lib/mail/mod.ts";

export interface WelcomeMailInput {
  companyId: number;
  companyName: string;
  email: string;
  password: string;
}

export function companyWelcomeMail(
  t: TFunction,
  input: WelcomeMailInput,
  publicUrl: string,
): MailMessage {
  const link = new URL("/login", publicUrl).href;
  const app = t("common.appName");
  const values = { company: input.companyName, app };
  const k = (key: string) => t(`mail.companyWelcome.${key}`, values);
  const text = [
    k("greeting"),
    "",
    k("intro"),
    "",
    `${k("emailLabel")}: ${input.email}`,
    `${k("passwordLabel")}: ${input.password}`,
    `${k("linkLabel")}: ${link}`,
    "",
    k("change"),
    "",
    k("signature"),
  ].join("\n");
  return { to: input.email, subject: k("subject"), text, companyId: input.companyId };
}
