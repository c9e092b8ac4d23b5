import assert from "node:assert/strict";
import type { ServiceDeps } from "./deps.ts";
import { type AreaJobs, createJobHandlers } from "./job_handlers.ts";

// The handlers are only collected here, never run: the deps are not touched.
const deps = {} as ServiceDeps;

Deno.test("job handlers - each area's kinds are gathered, with the deps they were given", () => {
  const given: ServiceDeps[] = [];
  const schedules: AreaJobs = (d) => {
    given.push(d);
    return { "schedule.send": () => Promise.resolve() };
  };
  const invoices: AreaJobs = (d) => {
    given.push(d);
    return { "invoice.generate": () => Promise.resolve() };
  };
  const handlers = createJobHandlers(deps, [schedules, invoices]);
  assert.deepEqual(Object.keys(handlers).sort(), ["invoice.generate", "schedule.send"]);
  assert.deepEqual(given, [deps, deps]);
});

Deno.test("job handlers - two areas claiming one kind are refused at start", () => {
  const one: AreaJobs = () => ({ "schedule.send": () => Promise.resolve() });
  const other: AreaJobs = () => ({ "schedule.send": () => Promise.resolve() });
  assert.throws(() => createJobHandlers(deps, [one, other]), /"schedule\.send"/);
});

Deno.test("job handlers - the installation's areas do not collide", () => {
  assert.doesNotThrow(() => createJobHandlers(deps));
});
