/**
 * The users API's request shapes (core §5 "User": name 2–50, valid e-mail, password 5–50),
 * refused by field with codes (lib/http/validate.ts) that the dialog translates.
 */
import { z } from "zod";
import { allTicketSpelling, noneAsNull } from "../../lib/http/client_values.ts";
import { MAX_INTEGER_ID } from "../../lib/http/params.ts";

const name = z.string().trim().min(1).min(2).max(50);
// Stored in lower case: the e-mail is the login and is unique whatever its case.
const email = z.string().trim().min(1).pipe(z.email())
  .transform((value) => value.toLowerCase());
const password = z.string().min(1).min(5).max(50);
const profile = z.enum(["user", "admin"]);
const allTicket = z.preprocess(allTicketSpelling, z.enum(["enabled", "disabled"]));
// A blank select arrives as "" (our form) or false (the original screens): no default connection.
const whatsappId = z.preprocess(
  noneAsNull,
  z.number().int().positive().max(MAX_INTEGER_ID).nullable(),
);
const queueIds = z.array(z.number().int().positive().max(MAX_INTEGER_ID)).max(200);

export const CreateUserBody = z.object({
  name,
  email,
  password,
  profile: profile.default("user"),
  whatsappId: whatsappId.optional().default(null),
  queueIds: queueIds.default([]),
  allTicket: allTicket.default("disabled"),
  super: z.boolean().optional(),
  /** Counts only for the super user; anyone else creates in their own company. */
  companyId: z.number().int().positive().max(MAX_INTEGER_ID).optional(),
});
export type CreateUserInput = z.output<typeof CreateUserBody>;

export const UpdateUserBody = z.object({
  name: name.optional(),
  email: email.optional(),
  // The dialog leaves the password blank to keep it.
  password: z.preprocess((value) => value === "" ? undefined : value, password.optional()),
  profile: profile.optional(),
  whatsappId: whatsappId.optional(),
  queueIds: queueIds.optional(),
  allTicket: allTicket.optional(),
  super: z.boolean().optional(),
  /** Asked when users change their own e-mail or password (account_guards.ts). */
  currentPassword: z.preprocess(
    (value) => value === "" ? undefined : value,
    z.string().max(200).optional(),
  ),
});
export type UpdateUserInput = z.output<typeof UpdateUserBody>;

export const ListUsersQuery = z.object({
  searchParam: z.string().max(100).optional(),
  pageNumber: z.coerce.number().int().min(1).max(10_000).optional(),
});
