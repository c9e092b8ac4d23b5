/** Contacts (one per number in a company) and their custom fields. */
import { sql } from "../../../lib/db/mod.ts";
import type { Decision, TableStep } from "../engine.ts";
import { bool, MISSING_COMPANY, ref, STAMP_COLUMNS, stamps, text } from "../values.ts";

export const contacts: TableStep = {
  table: "Contacts",
  select: `select * from "Contacts"`,
  keyType: "int",
  target: {
    name: "contacts",
    serial: true,
    columns: {
      company_id: "integer",
      name: "text",
      number: "text",
      email: "text",
      profile_pic_url: "text",
      is_group: "boolean",
      ...STAMP_COLUMNS,
    },
  },
  async decide(rows, ctx) {
    const companyIds = await ctx.ids("Companies");
    const keyOf = (companyId: number, number: string) => `${companyId}:${number}`;
    const wanted = rows.map((row) => ({
      companyId: ref(companyIds, row.companyId),
      number: text(row.number).replace(/\D/g, ""),
    }));
    // A number already here (typed differently in the source, say) is the same person.
    const here = new Map(
      (await ctx.target.query<{ id: number; company_id: number; number: string }>(sql`
        select id, company_id, number from contacts
        where number = any(${wanted.map((w) => w.number)}::text[])`))
        .map((row) => [keyOf(row.company_id, row.number), row.id]),
    );
    return rows.map((row, i): Decision => {
      const sourceId = String(row.id);
      const { companyId, number } = wanted[i]!;
      if (!companyId) return { sourceId, skip: MISSING_COMPANY };
      if (!number) return { sourceId, skip: "no number" };
      const existing = here.get(keyOf(companyId, number));
      if (existing) {
        return { sourceId, matched: existing, reason: "same number as a contact already here" };
      }
      here.set(keyOf(companyId, number), -1);
      return {
        sourceId,
        insert: {
          company_id: companyId,
          name: text(row.name).trim() || number,
          number,
          email: text(row.email),
          profile_pic_url: text(row.profilePicUrl),
          is_group: bool(row.isGroup),
          ...stamps(row, ctx.now),
        },
      };
    });
  },
};

export const contactCustomFields: TableStep = {
  table: "ContactCustomFields",
  select: `select * from "ContactCustomFields"`,
  keyType: "int",
  target: {
    name: "contact_custom_fields",
    serial: true,
    columns: { contact_id: "integer", name: "text", value: "text" },
  },
  async decide(rows, ctx) {
    const contactIds = await ctx.ids("Contacts");
    return rows.map((row): Decision => {
      const sourceId = String(row.id);
      const contactId = ref(contactIds, row.contactId);
      if (!contactId) return { sourceId, skip: "its contact is missing (orphan row)" };
      return {
        sourceId,
        insert: { contact_id: contactId, name: text(row.name), value: text(row.value) },
      };
    });
  },
};
