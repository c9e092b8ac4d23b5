import assert from "node:assert/strict";
import {
  drawerAfterResize,
  drawerMode,
  initialDrawerState,
  isDrawerExpanded,
  isDrawerOverlay,
  toggleDrawer,
} from "./drawer.ts";

Deno.test("drawer: temporary under 600 px, narrow up to 1200 px, wide from there", () => {
  assert.equal(drawerMode(360), "temporary");
  assert.equal(drawerMode(599), "temporary");
  assert.equal(drawerMode(600), "narrow");
  assert.equal(drawerMode(1199), "narrow");
  assert.equal(drawerMode(1200), "wide");
  assert.equal(drawerMode(1440), "wide");
});

Deno.test("drawer: by default open only on wide screens; a collapsed cookie closes it", () => {
  const auto = initialDrawerState(undefined);
  assert.equal(auto, "auto");
  assert.equal(initialDrawerState("open"), "auto");
  assert.equal(initialDrawerState("junk"), "auto");
  assert.equal(isDrawerExpanded(auto, 1440), true);
  assert.equal(isDrawerExpanded(auto, 1201), true);
  assert.equal(isDrawerExpanded(auto, 900), false);
  assert.equal(isDrawerExpanded(auto, 390), false);
  const collapsed = initialDrawerState("collapsed");
  assert.equal(collapsed, "closed");
  assert.equal(isDrawerExpanded(collapsed, 1440), false);
});

Deno.test("drawer: the button flips it and remembers the choice on wide screens only", () => {
  assert.deepEqual(toggleDrawer("auto", 1440), { state: "closed", remember: "collapsed" });
  assert.deepEqual(toggleDrawer("closed", 1440), { state: "open", remember: "open" });
  assert.deepEqual(toggleDrawer("auto", 900), { state: "open" });
  assert.deepEqual(toggleDrawer("open", 900), { state: "closed" });
  assert.deepEqual(toggleDrawer("auto", 390), { state: "open" });
  assert.deepEqual(toggleDrawer("open", 390), { state: "closed" });
});

Deno.test("drawer: below 1200 px an open menu lies over the page and closes on navigation", () => {
  assert.equal(isDrawerOverlay("open", 390), true);
  assert.equal(isDrawerOverlay("open", 900), true);
  assert.equal(isDrawerOverlay("open", 1440), false, "beside the page on wide screens");
  assert.equal(isDrawerOverlay("closed", 390), false);
  assert.equal(isDrawerOverlay("auto", 390), false);
});

Deno.test("drawer: crossing a breakpoint starts over from the remembered preference", () => {
  assert.equal(drawerAfterResize("open", 1440, 390, undefined), "auto");
  assert.equal(drawerAfterResize("open", 1440, 1300, undefined), "open", "same mode: kept");
  assert.equal(drawerAfterResize("open", 390, 1440, "collapsed"), "closed");
  assert.equal(drawerAfterResize("closed", 900, 1440, undefined), "auto");
});
