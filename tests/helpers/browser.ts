/**
 * Launches Debian's Chromium through puppeteer-core for the browser suite, with the flags
 * toolchain.md item 8 proved on these machines, and a throwaway profile directory.
 */
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { findChromium } from "./chromium.ts";

export interface TestBrowser {
  browser: Browser;
  /** Closes Chromium and removes its profile; call it in `finally`. */
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<TestBrowser> {
  const executablePath = findChromium();
  if (!executablePath) {
    throw new Error("Chromium was not found: install it (apt-get install chromium).");
  }
  const profile = await Deno.makeTempDir({ prefix: "chromium-profile-" });
  let browser: Browser;
  try {
    browser = await puppeteer.launch({
      executablePath,
      headless: true,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        `--user-data-dir=${profile}`,
      ],
    });
  } catch (err) {
    await Deno.remove(profile, { recursive: true });
    throw err;
  }
  return {
    browser,
    async close() {
      try {
        await browser.close();
      } finally {
        await Deno.remove(profile, { recursive: true }).catch(() => {});
      }
    },
  };
}

/** Whether the element `selector` is wholly inside the viewport (not scrolled or cut off). */
/**
 * Waits (up to 5 s) until `selector` is wholly in view: for what the page scrolls into view
 * on its next animation frame, which a loaded machine may run late.
 */
export async function comesIntoView(page: Page, selector: string): Promise<boolean> {
  for (let tries = 0; tries < 50; tries++) {
    if (await inViewport(page, selector)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

export function inViewport(page: Page, selector: string): Promise<boolean> {
  return page.$eval(selector, (element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
  });
}
