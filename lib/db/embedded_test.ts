import assert from "node:assert/strict";
import { join } from "node:path";
import { openDb, sql } from "./mod.ts";

const MOD = new URL("./mod.ts", import.meta.url).href;
const CONFIG = new URL("../../deno.json", import.meta.url).pathname;

/** A process that opens the embedded database in `dataDir`, commits a row, says so and waits. */
async function holder(dataDir: string) {
  const script = join(dataDir, "holder.ts");
  await Deno.writeTextFile(
    script,
    `import { openDb, sql } from ${JSON.stringify(MOD)};
const db = await openDb({ dataDir: ${JSON.stringify(dataDir)} });
await db.script("create table kept (note text)");
await db.run(sql\`insert into kept values ('committed before the crash')\`);
console.log("committed");
await new Promise(() => {});
`,
  );
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--config", CONFIG, script],
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let said = "";
  while (!said.includes("committed")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the holder ended first: ${said}`);
    said += value;
  }
  reader.releaseLock();
  return child;
}

async function postmasterPid(dataDir: string): Promise<number> {
  const text = await Deno.readTextFile(join(dataDir, "postgres", "postmaster.pid"));
  return Number(text.split("\n")[0]);
}

async function running(pid: number): Promise<boolean> {
  const { success } = await new Deno.Command("kill", { args: ["-0", String(pid)], stderr: "null" })
    .output();
  return success;
}

Deno.test("embedded Postgres: a Balcão killed with -9 takes its server down, and the data stays", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "balcao-embedded-test-" });
  try {
    const child = await holder(dataDir);
    const pid = await postmasterPid(dataDir);
    assert.ok(await running(pid));
    child.kill("SIGKILL");
    await child.status;
    await child.stdout.cancel().catch(() => {});
    // The watcher sees the pipe close and asks the server for a fast shutdown.
    for (let waited = 0; await running(pid); waited += 100) {
      assert.ok(waited < 20_000, `the server (pid ${pid}) outlived its Balcão by 20 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const db = await openDb({ dataDir });
    try {
      assert.equal(db.kind, "embedded");
      const rows = await db.query<{ note: string }>(sql`select note from kept`);
      assert.deepEqual(rows.map((row) => row.note), ["committed before the crash"]);
    } finally {
      await db.close();
    }
    assert.equal(await running(await postmasterPid(dataDir).catch(() => pid)), false);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});
