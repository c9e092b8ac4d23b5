/**
 * The server's memory under work and after it (DESIGN §10: idle < 150 MB; idle after a
 * 5-minute mixed load < 200 MB, the anchor's 208 MB; a second identical load grows it by no
 * more than 5 %, else something keeps what each load leaves). The real program runs as its own
 * process on a Postgres server (DATABASE_URL's, else a throwaway embedded one), with one paired
 * sandbox connection, 4 agents and 20 signed-in sockets. Each load, for BENCH_LOAD_SECONDS
 * (300 by default): 40 customers write 10 messages a second through the sandbox, and each
 * agent, in a loop, lists the waiting and open tickets, accepts one, opens its messages,
 * replies, and now and then resolves one. The Balcão process (started as `deno task start`
 * starts it) has its RSS sampled every second during a load (peak), and at rest as the median
 * of the last 15 s of 45 s without work (the garbage collector returns memory in its own time).
 */
import { type Figure, percentile, round } from "../figure.ts";
import {
  type Api,
  freshServerDatabase,
  residentMb,
  settle,
  signedIn,
  startApp,
} from "../app_process.ts";

const LOAD_SECONDS = Number(Deno.env.get("BENCH_LOAD_SECONDS") ?? 300);
const CUSTOMERS = 40;
const INBOUND_PER_SECOND = 10;
const AGENTS = 4;
const SOCKETS = 20;
const REST_MS = 30_000;
const REST_SAMPLES = 15;

export default async function serverLoadMemoryFigures(): Promise<Figure[]> {
  const database = await freshServerDatabase();
  const dataDir = await Deno.makeTempDir({ prefix: "balcao-bench-load-" });
  const app = await startApp(dataDir, database.url);
  const sockets: WebSocket[] = [];
  try {
    const admin = await signedIn(app.base);
    const { plan } = await admin.api("GET", `/api/companies/listPlan/${admin.user.companyId}`);
    await admin.api("PUT", `/api/plans/${plan.id}`, { users: 20, connections: 5 });
    const { id: connectionId } = await admin.api("POST", "/api/whatsapp", {
      name: "Loja",
      provider: "sandbox",
      isDefault: true,
    });
    await admin.api("POST", `/api/whatsappsession/${connectionId}`);
    await admin.api("POST", `/api/sandbox/${connectionId}/pair`);

    const agents = [];
    for (let i = 1; i <= AGENTS; i++) {
      const account = { email: `agent${i}@example.com`, password: "Agent-pass-1" };
      await admin.api("POST", "/api/users", {
        name: `Agent ${i}`,
        ...account,
        profile: "user",
        allTicket: "enabled",
      });
      agents.push(await signedIn(app.base, account));
    }
    const users = [admin, ...agents];
    for (let i = 0; i < SOCKETS; i++) {
      sockets.push(await openSocket(app.base, users[i % users.length]!.token));
    }

    const idle = await atRest(app.pid);
    const first = await load(app.pid, admin.api, connectionId, agents);
    const afterFirst = await atRest(app.pid);
    const second = await load(app.pid, admin.api, connectionId, agents);
    const afterSecond = await atRest(app.pid);
    console.log(
      `server load memory: loads of ${LOAD_SECONDS} s; first ${JSON.stringify(first)}, ` +
        `second ${JSON.stringify(second)}`,
    );

    const name = (what: string) => `server RSS, ${what} (Postgres server, Balcão process)`;
    return [
      { name: name("idle, before load"), value: round(idle, 1), unit: "MB", target: 150 },
      {
        name: name(`peak during a ${LOAD_SECONDS} s mixed load`),
        value: round(first.peakMb, 1),
        unit: "MB",
      },
      { name: name("idle after that load"), value: round(afterFirst, 1), unit: "MB", target: 200 },
      {
        name: name("peak during a second identical load"),
        value: round(second.peakMb, 1),
        unit: "MB",
      },
      {
        name: name("idle after the second load"),
        value: round(afterSecond, 1),
        unit: "MB",
        target: 200,
      },
      {
        name: "server RSS growth from the first load's rest to the second's (Postgres server)",
        value: round((afterSecond / afterFirst - 1) * 100, 1),
        unit: "%",
        target: 5,
      },
    ];
  } finally {
    for (const socket of sockets) socket.close();
    await app.stop();
    await database.drop();
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
}

/** The median RSS over the last seconds of a rest. */
async function atRest(pid: number): Promise<number> {
  await settle(REST_MS);
  const samples: number[] = [];
  for (let i = 0; i < REST_SAMPLES; i++) {
    samples.push(await residentMb(pid));
    await settle(1000);
  }
  return percentile(samples, 50);
}

async function openSocket(base: string, token: string): Promise<WebSocket> {
  const socket = new WebSocket(`${base.replace("http", "ws")}/ws?token=${token}`);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  for (const data of ["open", "pending"]) {
    socket.send(JSON.stringify({ event: "joinTickets", data }));
  }
  socket.send(JSON.stringify({ event: "joinNotification" }));
  // Events are read and dropped, as a browser tab that is not looking would.
  socket.onmessage = () => {};
  return socket;
}

interface LoadResult {
  peakMb: number;
  inbound: number;
  replies: number;
  refused: number;
}

async function load(
  pid: number,
  admin: Api,
  connectionId: number,
  agents: { api: Api; user: { id: number } }[],
): Promise<LoadResult> {
  const until = Date.now() + LOAD_SECONDS * 1000;
  const result: LoadResult = { peakMb: 0, inbound: 0, replies: 0, refused: 0 };
  const sampler = setInterval(async () => {
    result.peakMb = Math.max(result.peakMb, await residentMb(pid));
  }, 1000);

  // Customers write on a clock, whether or not earlier messages are through (up to 20 at
  // once), so both loads offer the same work even on a busy machine.
  const customers = (async () => {
    const started = Date.now();
    const inFlight = new Set<Promise<void>>();
    for (let k = 0; Date.now() < until; k++) {
      const wait = started + (k * 1000) / INBOUND_PER_SECOND - Date.now();
      if (wait > 0) await settle(wait);
      if (inFlight.size >= 20) await Promise.race(inFlight);
      const customer = k % CUSTOMERS;
      const sent: Promise<void> = admin("POST", `/api/sandbox/${connectionId}/inbound`, {
        number: `55119${String(customer).padStart(8, "0")}`,
        name: `Cliente ${customer}`,
        body: `mensagem ${k} do cliente ${customer}`,
      }).then(() => void result.inbound++, () => void result.refused++)
        .finally(() => inFlight.delete(sent));
      inFlight.add(sent);
    }
    await Promise.all(inFlight);
  })();

  const agentLoops = agents.map(async ({ api, user }, index) => {
    for (let round = 0; Date.now() < until; round++) {
      try {
        const waiting = await api("GET", "/api/tickets?status=pending&showAll=true");
        const next = waiting.tickets[index % Math.max(1, waiting.tickets.length)];
        if (next) await api("PUT", `/api/tickets/${next.id}`, { status: "open", userId: user.id });
        const open = await api("GET", "/api/tickets?status=open");
        const mine = open.tickets.filter((t: { userId: number }) => t.userId === user.id);
        const ticket = mine[round % Math.max(1, mine.length)];
        if (ticket) {
          await api("GET", `/api/messages/${ticket.id}`);
          await api("POST", `/api/messages/${ticket.id}`, { body: `resposta ${round}` });
          result.replies++;
          if (round % 10 === 9) await api("PUT", `/api/tickets/${ticket.id}`, { status: "closed" });
        }
      } catch {
        // Two agents reaching for the same ticket: one is refused, as in a real team.
        result.refused++;
      }
      await settle(500);
    }
  });

  await Promise.all([customers, ...agentLoops]);
  clearInterval(sampler);
  result.peakMb = Math.max(result.peakMb, await residentMb(pid));
  return result;
}
