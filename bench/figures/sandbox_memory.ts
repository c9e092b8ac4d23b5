/**
 * Memory of the whole server at rest (DESIGN §10): the real program is started as its own
 * process on a fresh data folder, then 1 and 20 sandbox connections are created, started and
 * paired through the API, and memory is read from /proc after it settles; then the program is
 * restarted on the same files (a server usually runs on files an earlier start made).
 *
 * On the embedded database the figure is the Balcão process's RSS plus the PSS of the Postgres
 * processes it runs (target < 250 MB at first start and restarted); on a Postgres server (the
 * one DATABASE_URL names, else a throwaway embedded one started for the purpose) it is the
 * Balcão process alone (target < 150 MB).
 */
import { type Figure, round } from "../figure.ts";
import {
  embeddedPostgresMb,
  freshServerDatabase,
  residentMb,
  settle,
  signedIn,
  startApp,
} from "../app_process.ts";

const SETTLE_MS = 3_000;

export default async function sandboxMemoryFigures(): Promise<Figure[]> {
  const figures = await measure(undefined);
  const database = await freshServerDatabase();
  try {
    figures.push(...await measure(database.url));
  } finally {
    await database.drop();
  }
  return figures;
}

async function measure(databaseUrl: string | undefined): Promise<Figure[]> {
  const label = databaseUrl ? "Postgres server" : "embedded db";
  const dataDir = await Deno.makeTempDir({ prefix: "balcao-bench-memory-" });
  // Balcão's RSS, plus its own Postgres's PSS when it runs one (kept apart to report it).
  let postgresMb = 0;
  const memory = async (pid: number) => {
    postgresMb = databaseUrl ? 0 : await embeddedPostgresMb(dataDir);
    return await residentMb(pid) + postgresMb;
  };
  let app = await startApp(dataDir, databaseUrl);
  try {
    const { api, user } = await signedIn(app.base);
    // Room for 20 connections on the installation's plan.
    const { plan } = await api("GET", `/api/companies/listPlan/${user.companyId}`);
    await api("PUT", `/api/plans/${plan.id}`, { connections: 25 });

    let created = 0;
    const pairUpTo = async (total: number) => {
      for (; created < total; created++) {
        const { id } = await api("POST", "/api/whatsapp", {
          name: `Sandbox ${created + 1}`,
          provider: "sandbox",
          isDefault: created === 0,
        });
        await api("POST", `/api/whatsappsession/${id}`);
        await api("POST", `/api/sandbox/${id}/pair`);
      }
      await settle(SETTLE_MS);
      return await memory(app.pid);
    };
    const one = await pairUpTo(1);
    const onePostgres = postgresMb;
    const twenty = await pairUpTo(20);
    await app.stop();
    app = await startApp(dataDir, databaseUrl);
    await settle(SETTLE_MS);
    const restarted = await memory(app.pid);
    const restartedPostgres = postgresMb;
    const whole = databaseUrl ? "Balcão process" : "Balcão RSS + its Postgres PSS";
    const target = databaseUrl ? 150 : 250;
    const postgresShare: Figure[] = databaseUrl ? [] : [
      {
        name: "of which its Postgres processes (PSS), first start, 1 sandbox connection",
        value: round(onePostgres, 1),
        unit: "MB",
      },
      {
        name: "of which its Postgres processes (PSS), restarted, 20 sandbox connections",
        value: round(restartedPostgres, 1),
        unit: "MB",
      },
    ];
    return [
      {
        name: `server memory, first start, idle, 1 sandbox connection (${label}, ${whole})`,
        value: round(one, 1),
        unit: "MB",
        target,
      },
      {
        name: `server memory, first start, idle, 20 sandbox connections (${label}, ${whole})`,
        value: round(twenty, 1),
        unit: "MB",
      },
      {
        name: `server memory, restarted, idle, 20 sandbox connections (${label}, ${whole})`,
        value: round(restarted, 1),
        unit: "MB",
        target,
      },
      ...postgresShare,
    ];
  } finally {
    await app.stop();
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
}
