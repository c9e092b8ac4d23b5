/**
 * `deno task test`: builds the assets, then runs every suite with `deno test`.
 * The browser suite needs Chromium; where it is missing the run says so plainly and skips
 * only that suite, unless REQUIRE_BROWSER=1 (CI) makes its absence a failure.
 * Extra arguments are passed to `deno test` (e.g. a file or `--filter`).
 */
import { findChromium } from "./helpers/chromium.ts";

const env: Record<string, string> = { ...Deno.env.toObject(), NO_COLOR: "1" };
// This machine sets RUST_BACKTRACE=1, which appends a backtrace after Deno's summary line.
delete env.RUST_BACKTRACE;
// The WhatsApp simulator's media host speaks https with a certificate of its own test CA.
env.DENO_CERT ??= new URL("./whatsapp_server/tls/ca.pem", import.meta.url).pathname;

async function run(args: string[]): Promise<number> {
  const child = new Deno.Command(Deno.execPath(), { args, env, clearEnv: true, stdin: "null" })
    .spawn();
  return (await child.status).code;
}

const built = await run(["run", "-A", "dev.ts", "build"]);
if (built !== 0) Deno.exit(built);

const testArgs = ["test", "-A", "--no-check=remote"];
const chromium = findChromium();
if (!chromium) {
  if (Deno.env.get("REQUIRE_BROWSER") === "1") {
    console.error(
      "REQUIRE_BROWSER=1 but Chromium was not found: install it (apt-get install chromium).",
    );
    Deno.exit(1);
  }
  console.log(
    "Chromium was not found (/usr/bin/chromium, or set CHROMIUM_PATH): the browser suite in " +
      "tests/browser is SKIPPED. Install it with `apt-get install chromium` to run it.",
  );
  testArgs.push("--ignore=tests/browser");
}
const extra = Deno.args;
Deno.exit(await run([...testArgs, ...extra]));
