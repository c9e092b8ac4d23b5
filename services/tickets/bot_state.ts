/**
 * What the bots keep on a ticket while they talk (migration conversation_flow): the
 * chatbot's place in its menus and its out-of-hours notice, an integration answering it.
 * Nobody's screen shows these, so they are written without an announcement.
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";

/** The out-of-hours notice went out now (once per closed stretch). */
export async function markOutOfHours(
  db: Queryable,
  companyId: number,
  ticketId: number,
  now: Date,
): Promise<void> {
  await db.run(sql`
    update tickets set out_of_hours_at = ${now}::timestamptz
    where company_id = ${companyId} and id = ${ticketId}`);
}

/** The chatbot spoke a menu without progress: one more round (maxUseBotQueues counts them). */
export async function markBotTurn(
  db: Queryable,
  companyId: number,
  ticketId: number,
  now: Date,
): Promise<void> {
  await db.run(sql`
    update tickets set bot_rounds = bot_rounds + 1, bot_spoke_at = ${now}::timestamptz
    where company_id = ${companyId} and id = ${ticketId}`);
}

/** The chatbot moved to `optionId` of the queue's options tree (null: its first level). */
export async function setBotOption(
  db: Queryable,
  companyId: number,
  ticketId: number,
  optionId: number | null,
  now: Date,
): Promise<void> {
  await db.run(sql`
    update tickets set queue_option_id = ${optionId}::int, bot_spoke_at = ${now}::timestamptz
    where company_id = ${companyId} and id = ${ticketId}`);
}

/** An integration answers the ticket from now on (`null`: it stopped, a person answers). */
export async function setIntegration(
  db: Queryable,
  companyId: number,
  ticketId: number,
  integrationId: number | null,
): Promise<void> {
  await db.run(sql`
    update tickets set use_integration = ${integrationId !== null},
                       integration_id = ${integrationId}::int
    where id = ${ticketId} and company_id = ${companyId}`);
}
