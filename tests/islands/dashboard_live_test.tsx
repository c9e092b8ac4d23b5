/**
 * The dashboard follows the company's tickets live: a ticket opened elsewhere shows in its
 * counters without a reload, with the filter the admin applied kept; a hidden tab does not
 * refresh until it is shown again. The gate's pacing (one refresh per gap, the rest folded
 * into one) is checked on a fake clock.
 */
import { testWindow } from "../helpers/dom.ts";
import assert from "node:assert/strict";
import { cleanup, fireEvent, render, screen } from "@testing-library/preact";
import DashboardPage from "../../islands/DashboardPage.tsx";
import { refreshGate } from "../../islands/dashboard/live_refresh.ts";
import { sharedRealtime } from "../../lib/client/session.ts";
import { sql } from "../../lib/db/mod.ts";
import { initClientI18n } from "../../lib/i18n/client.ts";
import { i18nClientData } from "../../lib/i18n/mod.ts";
import { channels } from "../../lib/realtime/channels.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import { callerFor } from "../helpers/api_client.ts";
import { actAs } from "../helpers/island_backend.ts";
import { openRealtimeTestApp } from "../helpers/realtime_app.ts";
import { until } from "../helpers/until.ts";
import { createTestConnection } from "../helpers/users.ts";

Deno.test("dashboard refresh gate: at once, then at most once per gap, and only when visible", () => {
  let time = 0;
  let visible = true;
  const timers: { at: number; run: () => void }[] = [];
  const refreshedAt: number[] = [];
  const gate = refreshGate({
    gapMs: 5000,
    refresh: () => refreshedAt.push(time),
    visible: () => visible,
    now: () => time,
    setTimer: (run, ms) => {
      timers.push({ at: time + ms, run });
      return timers.length as unknown as ReturnType<typeof setTimeout>;
    },
    clearTimer: () => {},
  });
  const advance = (to: number) => {
    time = to;
    const due = timers.filter((timer) => timer.at <= to);
    timers.splice(0, timers.length, ...timers.filter((timer) => timer.at > to));
    due.forEach((timer) => timer.run());
  };

  gate.changed();
  advance(0);
  assert.deepEqual(refreshedAt, [0], "the first event refreshes at once");
  for (const at of [1000, 2000, 3000]) {
    advance(at);
    gate.changed();
  }
  advance(4999);
  assert.deepEqual(refreshedAt, [0], "no second refresh within the gap");
  advance(5000);
  assert.deepEqual(refreshedAt, [0, 5000], "the events of the gap fold into one at its end");
  advance(20_000);
  assert.deepEqual(refreshedAt, [0, 5000], "nothing more without events");

  visible = false;
  gate.changed();
  advance(30_000);
  assert.deepEqual(refreshedAt, [0, 5000], "a hidden tab does not refresh");
  visible = true;
  gate.shown();
  advance(30_000);
  assert.deepEqual(refreshedAt, [0, 5000, 30_000], "shown again, it refreshes what it missed");
  gate.shown();
  advance(60_000);
  assert.equal(refreshedAt.length, 3, "shown again with nothing missed: no refresh");
});

Deno.test("DashboardPage: a new ticket shows live, the filter kept, not while the tab is hidden", async () => {
  initClientI18n(i18nClientData("pt-BR", ["dashboard"]));
  const env = await openRealtimeTestApp();
  const { db } = env;
  const companyId = await createTestCompany(db);
  const admin = await callerFor(env.app, env.jwtKey, await createTestUser(db, companyId));
  const whatsappId = await createTestConnection(db, companyId);
  const contact = async (number: string) =>
    (await db.one<{ id: number }>(sql`insert into contacts (company_id, name, number)
      values (${companyId}, ${"Cliente " + number}, ${number}) returning id`)).id;
  // What the page asks the server, to see which period a refresh asks for.
  const asked: string[] = [];
  const request = env.app.request.bind(env.app);
  env.app.request = ((input: string, ...rest: never[]) => {
    if (String(input).startsWith("/api/dashboard?")) asked.push(String(input));
    return request(input, ...rest);
  }) as typeof env.app.request;
  let visibility: DocumentVisibilityState = "visible";
  Object.defineProperty(document, "visibilityState", {
    configurable: true,
    get: () => visibility,
  });
  const backend = actAs(env, admin);
  // The test hears the same socket as the page: once it has an event, the page has it too.
  const heard: unknown[] = [];
  try {
    render(<DashboardPage companyId={companyId} companyName="Acme" platform={false} />);
    await backend.ready;
    const stop = sharedRealtime().subscribe(channels.ticket(companyId), (data) => heard.push(data));
    const happening = () =>
      screen.getByText("Em atendimento").nextElementSibling?.textContent ?? null;
    await until(() => happening() === "0");

    fireEvent.change(screen.getByLabelText("Período"), { target: { value: "30" } });
    fireEvent.submit(screen.getByRole("form"));
    await until(() => asked.at(-1)?.includes("days=30") === true);
    await until(() => happening() === "0");
    const before = asked.length;

    const opened = await admin.json("POST", "/api/tickets", {
      contactId: await contact("5511900000001"),
      whatsappId,
    });
    assert.equal(opened.status, 201);
    await until(() => happening() === "1");
    assert.ok(asked.length > before, "the page asked again");
    assert.ok(asked.slice(before).every((path) => path.includes("days=30")), "filter kept");
    assert.equal((screen.getByLabelText("Período") as HTMLSelectElement).value, "30");

    visibility = "hidden";
    const hidden = asked.length;
    heard.length = 0;
    const second = await admin.json("POST", "/api/tickets", {
      contactId: await contact("5511900000002"),
      whatsappId,
    });
    assert.equal(second.status, 201);
    await until(() => heard.length > 0);
    assert.equal(asked.length, hidden, "a hidden tab asks nothing");
    assert.equal(happening(), "1");

    visibility = "visible";
    document.dispatchEvent(new testWindow.Event("visibilitychange") as unknown as Event);
    await until(() => happening() === "2", { timeoutMs: 8000 });
    stop();
  } finally {
    cleanup();
    backend.stop();
    delete (document as { visibilityState?: unknown }).visibilityState;
    await env.close();
  }
});
