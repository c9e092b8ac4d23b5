/**
 * A customer's message reaching 200 connected agents (DESIGN §10: p95 < 100 ms): the real
 * server on a Postgres server, 200 agents each with their own signed-in WebSocket, and the
 * sandbox phone delivering messages through the API. Each sample is the time from the
 * customer's send to one agent's socket receiving the new message event.
 */
import { channels } from "../../lib/realtime/channels.ts";
import { signAccessToken } from "../../lib/auth/tokens.ts";
import { loadConfig } from "../../lib/config.ts";
import { sql } from "../../lib/db/mod.ts";
import { startServer } from "../../main.ts";
import { loadJwtKey } from "../../services/accounts/secrets.ts";
import { createTestCompany, createTestUser } from "../../tests/helpers/accounts.ts";
import { openTestDb } from "../../tests/helpers/db.ts";
import { type Figure, percentile, round } from "../figure.ts";

const AGENTS = 200;
const MESSAGES = 20;

export default async function realtimeFanoutFigures(): Promise<Figure[]> {
  if (!Deno.env.get("DATABASE_URL")) {
    console.log("realtime fan-out: skipped, it needs a Postgres server in DATABASE_URL");
    return [];
  }
  const testDb = await openTestDb();
  const { db } = testDb;
  const dataDir = await Deno.makeTempDir({ prefix: "balcao-bench-fanout-" });
  const secret = crypto.randomUUID() + crypto.randomUUID();
  const log = console.log;
  console.log = () => {};
  const server = await startServer(
    loadConfig({ PORT: "0", DATA_DIR: dataDir, DATABASE_URL: testDb.url!, JWT_SECRET: secret }),
  ).finally(() => console.log = log);
  const sockets: WebSocket[] = [];
  try {
    const jwtKey = await loadJwtKey(db, secret);
    const companyId = await createTestCompany(db);
    const tokenOf = (user: { id: number }, profile: "user" | "admin") =>
      signAccessToken(
        { userId: user.id, companyId, profile, super: false, tokenVersion: 0 },
        jwtKey,
      );
    const admin = await createTestUser(db, companyId);
    const adminToken = await tokenOf(admin, "admin");
    const api = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { Authorization: `Bearer ${adminToken}`, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return await res.json();
    };
    const connection = await api("POST", "/api/whatsapp", { name: "Loja", provider: "sandbox" });
    await api("POST", `/api/whatsappsession/${connection.id}`);
    await api("POST", `/api/sandbox/${connection.id}/pair`);

    // The agents see tickets without a queue, so every one of them is in the audience.
    const agents = [];
    for (let i = 0; i < AGENTS; i++) {
      agents.push(await createTestUser(db, companyId, { profile: "user" }));
    }
    await db.run(sql`update users set all_ticket = 'enabled' where company_id = ${companyId}`);

    const channel = channels.appMessage(companyId);
    const arrivals = new Map<string, number[]>();
    const wsUrl = server.url.replace("http", "ws");
    await Promise.all(agents.map(async (agent) => {
      const socket = new WebSocket(`${wsUrl}/ws?token=${await tokenOf(agent, "user")}`);
      sockets.push(socket);
      socket.onmessage = (event) => {
        const message = JSON.parse(event.data);
        if (message.channel !== channel || message.data.action !== "create") return;
        const body = message.data.message.body as string;
        arrivals.set(body, [...(arrivals.get(body) ?? []), performance.now()]);
      };
      await new Promise((resolve, reject) => {
        socket.onopen = resolve;
        socket.onerror = reject;
      });
    }));

    const samples: number[] = [];
    for (let i = 0; i < MESSAGES + 3; i++) {
      const body = `mensagem ${i}`;
      const sentAt = performance.now();
      await api("POST", `/api/sandbox/${connection.id}/inbound`, {
        number: "5511987650001",
        name: "Maria",
        body,
      });
      for (let wait = 0; (arrivals.get(body)?.length ?? 0) < AGENTS; wait++) {
        if (wait > 500) throw new Error(`only ${arrivals.get(body)?.length ?? 0} agents got it`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // The first three warm the server up.
      if (i >= 3) samples.push(...arrivals.get(body)!.map((at) => at - sentAt));
    }
    return [{
      name: `a customer's message reaching ${AGENTS} agents' sockets, p95 (Postgres)`,
      value: round(percentile(samples, 95)),
      unit: "ms",
      target: 100,
    }];
  } finally {
    for (const socket of sockets) socket.close();
    await server.shutdown();
    await testDb.close();
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
}
