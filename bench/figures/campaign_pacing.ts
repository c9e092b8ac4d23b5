/**
 * Campaign pacing (issue 20, DESIGN §10): a campaign of 10,000 shipments on the sandbox phone,
 * at a 0-second and at a 5-second interval, with a fake clock, so hours of pacing take only
 * the time the work itself takes.
 *
 * The clock plays the job runner's part: the campaign sweep runs on each whole second that
 * has something due (between them nothing happens, so the clock jumps there); the sweep and
 * the outbox drain then run for real, and the clock moves on by the real time they took, so
 * work that falls behind shows as lateness. A shipment's lateness is the clock when its
 * message left (drain done) minus its planned time. Reported: the start's time (the sweep
 * that plans 10,000 shipments and queues the first due), p50/p99 lateness, how many were
 * sent, and the process's memory growth while planning and sending.
 */
import { sql } from "../../lib/db/mod.ts";
import { openCampaignEnv } from "../../tests/helpers/campaign_env.ts";
import { type Figure, percentile, round } from "../figure.ts";

const SHIPMENTS = 10_000;
const SECOND = 1000;

type Env = Awaited<ReturnType<typeof openCampaignEnv>>;

const ceilSecond = (ms: number) => Math.ceil(ms / SECOND) * SECOND;
const rssMb = () => Deno.memoryUsage().rss / 1024 / 1024;

/**
 * At a 5-second interval each send is its own sweep (10,000 ticks, minutes of real work on
 * a busy machine), and every tick is alike: the first `SAMPLED_SENDS` sends are measured,
 * after all 10,000 were planned. At 0 seconds every send is measured.
 */
const SAMPLED_SENDS = 1_000;

async function runCampaign(
  env: Env,
  interval: number,
  base: number,
  measured: number,
): Promise<Figure[]> {
  const { db, clock, ok, admin } = env;
  await env.setPacing(interval);
  const list = await ok(admin("POST", "/api/contact-lists", { name: `Bench ${interval}s` }));
  await db.run(sql`
    insert into contact_list_items (company_id, contact_list_id, name, number, is_whatsapp_valid)
    select ${env.companyId}, ${list.id}, 'Cliente ' || n, (${base}::bigint + n)::text, true
    from generate_series(1, ${SHIPMENTS}) as n`);
  const campaign = await ok(admin("POST", "/api/campaigns", {
    name: `Bench ${interval}s`,
    message1: "Olá {nome}, oferta da semana",
    contactListId: list.id,
    whatsappId: env.connectionId,
    scheduledAt: new Date(clock.now().getTime() - SECOND).toISOString(),
  }));
  const rssBefore = rssMb();
  let rssPeak = rssBefore;

  const started = performance.now();
  await env.sweep();
  const startMs = performance.now() - started;
  const planned = await db.one<{ n: number }>(sql`
    select count(*)::int as n from campaign_shippings where campaign_id = ${campaign.id}`);
  if (planned.n !== SHIPMENTS) throw new Error(`planned ${planned.n} of ${SHIPMENTS}`);

  const lateness: number[] = [];
  const wallStarted = performance.now();
  for (let first = true;; first = false) {
    const tick = performance.now();
    if (!first) await env.sweep();
    await env.whatsapp.drainOutbox(env.connectionId);
    clock.advance(performance.now() - tick);
    // Sent by this drain: their outbox row is sent, and no sweep has recorded them yet (this
    // tick's sweep recorded the previous drain's).
    const sent = await db.query<{ planned: number }>(sql`
      select extract(epoch from s.planned_at) * 1000 as planned
      from campaign_shippings s join whatsapp_outbox o on o.id = s.message_outbox_id
      where s.campaign_id = ${campaign.id} and o.status = 'sent' and s.delivered_at is null`);
    const at = clock.now().getTime();
    for (const row of sent) lateness.push(at - Number(row.planned));
    rssPeak = Math.max(rssPeak, rssMb());
    if (lateness.length >= measured) break;
    // The next sweep (it records these sends) comes on the next whole second with work due.
    const next = await db.one<{ due: number | null; failed: number }>(sql`
      select extract(epoch from min(planned_at) filter (where queued_at is null)) * 1000 as due,
             count(*) filter (where failed_at is not null)::int as failed
      from campaign_shippings where campaign_id = ${campaign.id}`);
    if (next.failed > 0) throw new Error(`${next.failed} shipments failed`);
    const due = next.due === null ? clock.now().getTime() : Number(next.due);
    clock.set(new Date(ceilSecond(Math.max(clock.now().getTime(), due))));
  }
  const wallMs = performance.now() - wallStarted;

  const name = `campaign of ${SHIPMENTS} at a ${interval}-second interval (fake clock, ${
    db.description.startsWith("Postgres") ? "Postgres server" : "embedded"
  }${measured < SHIPMENTS ? `, first ${measured} sends measured` : ""})`;
  return [
    { name: `${name}: start (plan all, queue the first due)`, value: round(startMs), unit: "ms" },
    {
      name: `${name}: sent`,
      value: lateness.length,
      unit: "shipments",
      target: measured,
      better: "higher",
    },
    { name: `${name}: lateness p50`, value: round(percentile(lateness, 50)), unit: "ms" },
    {
      name: `${name}: lateness p99`,
      value: round(percentile(lateness, 99)),
      unit: "ms",
      target: 2000,
    },
    { name: `${name}: wall time of the measured sends`, value: round(wallMs / 1000, 1), unit: "s" },
    { name: `${name}: memory growth (peak RSS)`, value: round(rssPeak - rssBefore, 1), unit: "MB" },
  ];
}

export default async function campaignPacingFigures(): Promise<Figure[]> {
  const env = await openCampaignEnv();
  try {
    return [
      ...await runCampaign(env, 0, 5511900000000, SHIPMENTS),
      ...await runCampaign(env, 5, 5511910000000, SAMPLED_SENDS),
    ];
  } finally {
    await env.close();
  }
}
