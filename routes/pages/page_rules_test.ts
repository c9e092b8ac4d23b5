/**
 * The route table (services/accounts/pages.ts) and the pages the app serves agree: every
 * private page has a rule (a page without one would open to everyone signed in), and every
 * rule names a page that exists.
 */
import assert from "node:assert/strict";
import { loadConfig } from "../../lib/config.ts";
import { createApp } from "../../main.ts";
import { PAGE_RULES, pageRuleAt } from "../../services/accounts/pages.ts";
import { testJwtKey } from "../../tests/helpers/app.ts";
import { openTestDb } from "../../tests/helpers/db.ts";

/** The public pages: for visitors, outside the table. */
const PUBLIC = ["/login", "/signup", "/forgetpsw"];

Deno.test("page rules: every private page has one, and every one has its page", async () => {
  const { db, close } = await openTestDb();
  try {
    const app = createApp({ db, config: loadConfig({}), jwtKey: testJwtKey() });
    const pages = app.routes
      // The shell's catch-all ("/*") answers the 404 of any other address.
      .filter((route) => route.method === "GET" && !["*", "/*"].includes(route.path))
      .map((route) => route.path)
      .filter((path) => !/^\/(api|static|ws)(\/|$)/.test(path) && !PUBLIC.includes(path));
    // A sample address of each route: parameters become an id.
    const addresses = [...new Set(pages)].map((path) => path.replace(/:\w+(\{[^}]*\})?/g, "7"));
    assert.ok(addresses.length >= 25, addresses.join(" "));
    const ruleless = addresses.filter((address) => pageRuleAt(address) === null);
    assert.deepEqual(ruleless, [], "pages the route table does not name");

    const pageless = Object.keys(PAGE_RULES).filter((href) =>
      !addresses.some((address) => address === href || address.startsWith(`${href}/`))
    );
    assert.deepEqual(pageless, [], "rules of pages the app does not serve");
  } finally {
    await close();
  }
});
