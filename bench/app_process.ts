/**
 * The real program as its own process, as a self-hoster runs it, for the memory figures: it is
 * started on a data folder (and a Postgres server when a URL is given), signed in to as its
 * super user, and measured from /proc: the resident set of the Balcão process, and for the
 * embedded database the proportional set (PSS) of its Postgres processes, whose shared memory
 * would be counted once per process by adding their resident sets.
 */
import { join } from "node:path";
import { startEmbeddedPostgres } from "../lib/db/embedded.ts";
import { serverClient } from "../lib/db/server.ts";

export const ADMIN = { email: "bench@example.com", password: "Bench-pass-1" };

export interface AppProcess {
  base: string;
  pid: number;
  /** Stops the process (SIGTERM, its clean stop) and waits for it. */
  stop(): Promise<void>;
}

export function freePort(): number {
  const listener = Deno.listen({ port: 0, hostname: "127.0.0.1" });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

/**
 * How `deno task start` runs main.ts (its memory settings included, README "Memory"): the
 * variables and the arguments of the `… main.ts` step of the task in deno.json.
 */
async function startCommand(): Promise<{ env: Record<string, string>; args: string[] }> {
  const config = JSON.parse(await Deno.readTextFile(new URL("../deno.json", import.meta.url)));
  const step = (config.tasks.start as string).split("&&").map((part) => part.trim())
    .find((part) => part.endsWith("main.ts"));
  if (!step) throw new Error("deno.json's start task has no step that runs main.ts");
  const words = step.split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Z_]+=/.test(words[0]!)) {
    const [name, value] = words.shift()!.split("=");
    env[name!] = value!;
  }
  if (words.shift() !== "deno") throw new Error(`unexpected start step: ${step}`);
  return { env, args: words };
}

/** Starts main.ts on `dataDir`, on the embedded database unless `databaseUrl` is given. */
export async function startApp(dataDir: string, databaseUrl?: string): Promise<AppProcess> {
  const port = freePort();
  const start = await startCommand();
  const env: Record<string, string> = {
    ...Deno.env.toObject(),
    ...start.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    NO_COLOR: "1",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = new Deno.Command(Deno.execPath(), {
    args: start.args,
    // clearEnv: otherwise the child inherits this process's DATABASE_URL even when deleted.
    clearEnv: true,
    env,
    stdout: "null",
    stderr: "null",
  }).spawn();
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base);
  return {
    base,
    pid: child.pid,
    async stop() {
      child.kill("SIGTERM");
      await child.status;
    },
  };
}

async function waitForHealth(base: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`${base}/api/health`);
      await res.body?.cancel();
      if (res.ok) return;
    } catch { /* not listening yet */ }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the server did not answer /api/health within 120 s");
}

// deno-lint-ignore no-explicit-any
export type Api = (method: string, path: string, body?: unknown) => Promise<any>;

/** Signs in and answers an API caller with that user's token. */
export async function signedIn(
  base: string,
  account: { email: string; password: string } = ADMIN,
): Promise<{ api: Api; token: string; user: { id: number; companyId: number } }> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(account),
  });
  if (!login.ok) throw new Error(`login of ${account.email} answered ${login.status}`);
  const { token, user } = await login.json();
  const api: Api = async (method, path, body) => {
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
  return { api, token, user };
}

export function settle(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A process's resident set in MB. */
export async function residentMb(pid: number): Promise<number> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`);
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  if (!Number.isFinite(kb)) throw new Error(`no VmRSS for process ${pid}`);
  return kb / 1024;
}

/** The summed PSS (MB) of the embedded Postgres of `dataDir`: its postmaster and children. */
export async function embeddedPostgresMb(dataDir: string): Promise<number> {
  const pidFile = await Deno.readTextFile(join(dataDir, "postgres", "postmaster.pid"));
  const postmaster = Number(pidFile.split("\n")[0]);
  const pids = [postmaster];
  for await (const entry of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    const stat = await Deno.readTextFile(`/proc/${entry.name}/stat`).catch(() => "");
    // The parent pid is the 2nd field after the command, which is in parentheses.
    const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (parent === postmaster) pids.push(Number(entry.name));
  }
  let kb = 0;
  for (const pid of pids) {
    const rollup = await Deno.readTextFile(`/proc/${pid}/smaps_rollup`).catch(() => "");
    kb += Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0);
  }
  return kb / 1024;
}

/**
 * A fresh, empty database on a Postgres server, dropped by `drop()`: on DATABASE_URL's server,
 * or, without one, on a throwaway embedded server started here (a Postgres server outside the
 * measured process all the same).
 */
export async function freshServerDatabase() {
  const embedded = Deno.env.get("DATABASE_URL") ? undefined : await startEmbeddedPostgres(null);
  const serverUrl = Deno.env.get("DATABASE_URL") || embedded!.url;
  const name = `balcao_bench_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = serverClient(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
      await embedded?.stop();
    },
  };
}
