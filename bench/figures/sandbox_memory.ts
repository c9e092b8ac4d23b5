/**
 * Memory of the whole server (DESIGN §10: "idle server memory with one sandbox connection
 * < 150 MB RSS"): the real program is started as its own process on a fresh database, then
 * 1 and 20 sandbox connections are created, started and paired through the API, and the
 * process's resident set size is read from /proc after it settles. Measured on the embedded
 * database (PGlite lives inside the process, so its WASM heap counts) and, when
 * DATABASE_URL names a Postgres server, on a fresh database there.
 */
import postgres from "postgres";
import { type Figure, round } from "../figure.ts";

const ADMIN = { email: "bench@example.com", password: "Bench-pass-1" };
const SETTLE_MS = 3_000;

function freePort(): number {
  const listener = Deno.listen({ port: 0, hostname: "127.0.0.1" });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

async function residentMb(pid: number): Promise<number> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`);
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  if (!Number.isFinite(kb)) throw new Error(`no VmRSS for process ${pid}`);
  return kb / 1024;
}

async function waitForHealth(base: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(`${base}/api/health`);
      await res.body?.cancel();
      if (res.ok) return;
    } catch { /* not listening yet */ }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the server did not answer /api/health within 60 s");
}

/** A fresh, empty database on the server of `serverUrl`, dropped by `drop()`. */
async function freshServerDatabase(serverUrl: string) {
  const name = `balcao_bench_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export default async function sandboxMemoryFigures(): Promise<Figure[]> {
  const figures = await measure("embedded db", undefined);
  const serverUrl = Deno.env.get("DATABASE_URL");
  if (serverUrl) {
    const database = await freshServerDatabase(serverUrl);
    try {
      figures.push(...await measure("Postgres server", database.url));
    } finally {
      await database.drop();
    }
  }
  return figures;
}

async function measure(label: string, databaseUrl: string | undefined): Promise<Figure[]> {
  const dataDir = await Deno.makeTempDir({ prefix: "balcao-bench-memory-" });
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    ...Deno.env.toObject(),
    PORT: String(port),
    DATA_DIR: dataDir,
    NO_COLOR: "1",
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const startServer = () =>
    new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "main.ts"],
      // clearEnv: otherwise the child inherits this process's DATABASE_URL even when deleted.
      clearEnv: true,
      env: { ...env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
      stdout: "null",
      stderr: "null",
    }).spawn();
  let server = startServer();
  try {
    await waitForHealth(base);
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    const { token, user } = await login.json();
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer = await res.json().catch(() => ({}));
      if (!res.ok) {
        throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(answer)}`);
      }
      return answer;
    };
    // Room for 20 connections on the installation's plan.
    const { plan } = await call("GET", `/api/companies/listPlan/${user.companyId}`);
    await call("PUT", `/api/plans/${plan.id}`, { connections: 25 });

    let created = 0;
    const pairUpTo = async (total: number) => {
      for (; created < total; created++) {
        const { id } = await call("POST", "/api/whatsapp", {
          name: `Sandbox ${created + 1}`,
          provider: "sandbox",
          isDefault: created === 0,
        });
        await call("POST", `/api/whatsappsession/${id}`);
        await call("POST", `/api/sandbox/${id}/pair`);
      }
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      return await residentMb(server.pid);
    };
    const one = await pairUpTo(1);
    const twenty = await pairUpTo(20);
    // A server usually runs on files made by an earlier start; its sessions resume by themselves.
    server.kill("SIGTERM");
    await server.status;
    server = startServer();
    await waitForHealth(base);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const restarted = await residentMb(server.pid);
    return [
      {
        name: `server RSS, idle, 1 sandbox connection (${label}, whole process)`,
        value: round(one, 1),
        unit: "MB",
        target: 150,
      },
      {
        name: `server RSS, idle, 20 sandbox connections (${label}, whole process)`,
        value: round(twenty, 1),
        unit: "MB",
      },
      {
        name: `server RSS, idle, 20 sandbox connections after a restart (${label})`,
        value: round(restarted, 1),
        unit: "MB",
      },
    ];
  } finally {
    server.kill("SIGTERM");
    await server.status;
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
}
