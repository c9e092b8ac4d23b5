/**
 * Real WhatsApp sessions (DESIGN §10: "real Baileys sessions connected to the local WhatsApp
 * server in one process: 100, ≤ 10 MB each"). The WhatsApp Web simulator runs as its own
 * process (`deno task wa-sim`); this process is the product's side: the real session manager
 * and Baileys provider on a Postgres database, each connection paired by QR through the
 * simulator's control API. Measured: RSS per additional connected session, this process's CPU
 * while the sessions sit idle, and inbound messages per second through one real session
 * (Signal decryption in Baileys, then the whole inbound pipeline), beside the sandbox figure.
 */
import { type Figure, round } from "../figure.ts";
import { sql } from "../../lib/db/mod.ts";
import { openTestDb } from "../../tests/helpers/db.ts";
import { createTestCompany } from "../../tests/helpers/accounts.ts";
import { createConnection } from "../../services/whatsapp/connections.ts";
import { createWhatsappSessions } from "../../services/whatsapp/mod.ts";
import { baileysFactory } from "../../services/whatsapp/baileys/provider.ts";
import { createInboundPipeline } from "../../services/tickets/mod.ts";
import { createDiskMediaStore } from "../../lib/media/mod.ts";
import { nullHub } from "../../lib/realtime/null_hub.ts";

const SESSIONS = Number(Deno.env.get("BENCH_WA_SESSIONS") ?? 100);
const INBOUND = 1_000;

const rssMb = async () =>
  Number(/VmRSS:\s+(\d+) kB/.exec(await Deno.readTextFile("/proc/self/status"))![1]) / 1024;

/** User + system CPU seconds of this process so far. */
async function cpuSeconds(): Promise<number> {
  const fields = (await Deno.readTextFile("/proc/self/stat")).split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function until(check: () => Promise<boolean>, what: string, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`bench: timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export default async function waSessionFigures(): Promise<Figure[]> {
  if (!Deno.env.get("DATABASE_URL")) {
    console.error("wa_sessions: skipped (needs DATABASE_URL, a Postgres server)");
    return [];
  }
  const listener = Deno.listen({ port: 0, hostname: "127.0.0.1" });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  const dataDir = await Deno.makeTempDir({ prefix: "balcao-bench-wa-" });
  const simulator = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "tests/whatsapp_server/main.ts"],
    env: { WA_SIM_PORT: String(port), DATA_DIR: dataDir, NO_COLOR: "1" },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const banner = simulator.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let printed = "";
  while (!/WA_ROOT_PUBLIC_KEY=(\w+)/.test(printed)) printed += (await banner.read()).value ?? "";
  const rootKey = /WA_ROOT_PUBLIC_KEY=(\w+)/.exec(printed)![1]!;
  void (async () => {
    while (!(await banner.read()).done) { /* drain */ }
  })();
  const control = (path: string, body?: unknown) =>
    fetch(`http://127.0.0.1:${port}/control${path}`, {
      method: body ? "POST" : "GET",
      body: body ? JSON.stringify(body) : undefined,
    }).then((res) => res.json());

  const testDb = await openTestDb();
  const { db } = testDb;
  const hub = nullHub("bench");
  const sessions = createWhatsappSessions({
    db,
    hub,
    instanceId: "bench",
    media: createDiskMediaStore(dataDir),
    providers: {
      beta: baileysFactory({
        waWebSocketUrl: `ws://127.0.0.1:${port}/ws/chat`,
        rootPublicKey: rootKey,
      }),
    },
  });
  sessions.subscribe(createInboundPipeline({ db, hub, media: createDiskMediaStore(dataDir) }));
  const companyId = await createTestCompany(db);
  await db.run(sql`update plans set connections = ${SESSIONS + 1}
                   where id = (select plan_id from companies where id = ${companyId})`);
  const statusOf = async (id: number) => (await db.one<{ status: string; qrcode: string }>(sql`
      select status, qrcode from whatsapps where id = ${id}`));
  const pair = async (n: number) => {
    const { id } = await createConnection({ db, hub }, companyId, { name: `Número ${n}` });
    await sessions.start(companyId, id);
    let qr = "";
    await until(async () => Boolean(qr = (await statusOf(id)).qrcode), "a QR");
    await control("/scan", { business: `55119${String(n).padStart(8, "0")}`, qr });
    await until(async () => (await statusOf(id)).status === "CONNECTED", "CONNECTED");
    return id;
  };
  try {
    const first = await pair(1);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const oneSession = await rssMb();
    for (let n = 2; n <= SESSIONS; n += 5) {
      await Promise.all(
        Array.from({ length: Math.min(5, SESSIONS - n + 1) }, (_, i) => pair(n + i)),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const allSessions = await rssMb();
    const cpuBefore = await cpuSeconds();
    await new Promise((resolve) => setTimeout(resolve, 20_000));
    const idleCpu = ((await cpuSeconds()) - cpuBefore) / 20 * 100;

    const started = performance.now();
    await control("/customers/5511988880001/messages", {
      to: "5511900000001",
      name: "Carga",
      text: "mensagem",
      count: INBOUND,
    });
    await until(
      async () =>
        (await db.one<{ n: number }>(sql`
        select count(*)::int as n from messages where whatsapp_id = ${first}`)).n >= INBOUND,
      "the inbound messages",
    );
    const rate = INBOUND / ((performance.now() - started) / 1000);
    return [
      {
        name: `RSS per additional connected Baileys session (${SESSIONS} sessions, Postgres)`,
        value: round((allSessions - oneSession) / (SESSIONS - 1), 2),
        unit: "MB",
        target: 10,
      },
      {
        name: `server RSS with ${SESSIONS} connected Baileys sessions`,
        value: round(allSessions, 1),
        unit: "MB",
      },
      {
        name: `CPU of the server with ${SESSIONS} idle Baileys sessions (one core = 100)`,
        value: round(idleCpu, 2),
        unit: "%",
      },
      {
        name: "inbound through one real session: Signal decryption + pipeline (simulated sender)",
        value: Math.round(rate),
        unit: "msg/s",
        target: 500,
        better: "higher",
      },
    ];
  } finally {
    await sessions.close();
    await testDb.close();
    simulator.kill("SIGTERM");
    await simulator.status;
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
}
