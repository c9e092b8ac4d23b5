/**
 * Development entry point.
 *
 * - `deno run -A dev.ts build`: builds the stylesheet and the islands into static/build
 *   (old output removed) and writes static/build/manifest.json. `deno task start` and the
 *   test and bench tasks run this first.
 * - `deno run -A dev.ts`: builds, runs main.ts as a child process, and on any change under
 *   the watched folders rebuilds and restarts it. A child process (rather than re-importing)
 *   is the only way to drop Deno's module cache, so edited server code is really reloaded.
 */
import { buildAssets } from "./lib/islands/assets.ts";

const WATCHED = ["islands", "components", "routes", "lib", "styles", "locales", "main.ts"];
const DEBOUNCE_MS = 150;
/** Editor swap files and build temporaries would otherwise retrigger the watcher. */
const IGNORED = /(^|\/)node_modules(\/|$)|~$|\.swp$|\.tmp\.css$/;

async function build(): Promise<boolean> {
  const started = performance.now();
  try {
    const { files } = await buildAssets();
    const kb = Object.values(files).reduce((a, b) => a + b, 0) / 1024;
    const ms = Math.round(performance.now() - started);
    console.log(`Built ${Object.keys(files).length} assets (${kb.toFixed(1)} KB) in ${ms} ms.`);
    return true;
  } catch (err) {
    console.error("Build failed:", err instanceof Error ? err.message : err);
    return false;
  }
}

function startServer(): Deno.ChildProcess {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    stdin: "null",
    env: { DEV: "1" },
  }).spawn();
}

async function stopServer(child: Deno.ChildProcess | undefined): Promise<void> {
  if (!child) return;
  try {
    child.kill("SIGTERM");
  } catch {
    // Already exited (e.g. it crashed on start): nothing to stop.
  }
  await child.status;
}

async function existing(paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    try {
      await Deno.stat(path);
      found.push(path);
    } catch {
      // Not created yet in this checkout; watch the rest.
    }
  }
  return found;
}

async function dev(): Promise<void> {
  await build();
  let child: Deno.ChildProcess | undefined = startServer();
  const watcher = Deno.watchFs(await existing(WATCHED), { recursive: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let restarting = Promise.resolve();
  let stopping = false;

  const onSignal = async () => {
    if (stopping) return;
    stopping = true;
    console.log("Stopping…");
    clearTimeout(timer);
    watcher.close();
    await restarting;
    await stopServer(child);
    Deno.exit(0);
  };
  Deno.addSignalListener("SIGINT", onSignal);
  Deno.addSignalListener("SIGTERM", onSignal);

  const restart = async (changed: string) => {
    console.log(`Changed: ${changed}. Rebuilding…`);
    await stopServer(child);
    child = undefined;
    if (await build() && !stopping) child = startServer();
  };

  for await (const event of watcher) {
    const relevant = event.paths.filter((p) => !IGNORED.test(p.replaceAll("\\", "/")));
    if (relevant.length === 0 || event.kind === "access") continue;
    clearTimeout(timer);
    timer = setTimeout(() => {
      // Restarts run one after another, never two at once.
      restarting = restarting.then(() => restart(relevant[0]!));
    }, DEBOUNCE_MS);
  }
}

if (import.meta.main) {
  const [command] = Deno.args;
  if (command === "build") {
    Deno.exit(await build() ? 0 : 1);
  } else if (command === undefined) {
    await dev();
  } else {
    console.error(`Unknown command "${command}". Use \`deno run -A dev.ts [build]\`.`);
    Deno.exit(2);
  }
}
