import assert from "node:assert/strict";
import { PLAN_FEATURES, type PlanFeatures } from "./permissions.ts";
import { campaignsEnabled, meetsRequirement, type PageViewer } from "./page_access.ts";

const features = Object.fromEntries(PLAN_FEATURES.map((f) => [f, false])) as PlanFeatures;
const user: PageViewer = { profile: "user", super: false, features, settings: {} };
const admin: PageViewer = { ...user, profile: "admin" };
const superUser: PageViewer = { ...user, super: true };

Deno.test("meetsRequirement: nothing asked lets everyone in", () => {
  assert.equal(meetsRequirement(user), true);
  assert.equal(meetsRequirement(user, {}), true);
});

Deno.test("meetsRequirement: admin, super, plan feature, campaigns", () => {
  assert.equal(meetsRequirement(user, { admin: true }), false);
  assert.equal(meetsRequirement(admin, { admin: true }), true);
  assert.equal(meetsRequirement(superUser, { admin: true }), true);
  assert.equal(meetsRequirement(admin, { super: true }), false);
  assert.equal(meetsRequirement(superUser, { super: true }), true);
  assert.equal(meetsRequirement(admin, { feature: "useKanban" }), false);
  const kanban = { ...admin, features: { ...features, useKanban: true } };
  assert.equal(meetsRequirement(kanban, { feature: "useKanban" }), true);
  // Every condition given must hold: super does not bypass the plan.
  assert.equal(meetsRequirement(superUser, { super: true, feature: "useOpenAi" }), false);
});

Deno.test('campaignsEnabled: the plan flag or the company setting set to "true"', () => {
  assert.equal(campaignsEnabled(admin), false);
  assert.equal(campaignsEnabled({ ...admin, features: { ...features, useCampaigns: true } }), true);
  assert.equal(campaignsEnabled({ ...admin, settings: { campaignsEnabled: "true" } }), true);
  assert.equal(campaignsEnabled({ ...admin, settings: { campaignsEnabled: "false" } }), false);
  assert.equal(meetsRequirement(user, { campaigns: true }), false);
});
