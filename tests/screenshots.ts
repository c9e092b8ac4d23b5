/**
 * Not a test: takes screenshots of the pages for a human to judge, in both themes, two
 * languages and two viewports. Start the app first, then:
 *   deno run -A tests/screenshots.ts [baseUrl=http://localhost:8123] [outDir=/tmp/balcao-shots]
 */
import { launchBrowser } from "./helpers/browser.ts";

const baseUrl = Deno.args[0] ?? "http://localhost:8123";
const outDir = Deno.args[1] ?? "/tmp/balcao-shots";

const VIEWPORTS = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
  // The narrowest phones still in use: nothing may overflow sideways here.
  { name: "small", width: 360, height: 740 },
];
const THEMES = ["light", "dark"] as const;
const LANGS = ["pt-BR", "en"] as const;
const PAGES = [
  { name: "welcome", path: "/" },
  { name: "welcome-empty", path: "/?tab=closed#tickets" },
  { name: "notfound", path: "/does-not-exist" },
  { name: "login", path: "/login" },
  { name: "signup", path: "/signup" },
  { name: "forgetpsw", path: "/forgetpsw" },
  { name: "forgetpsw-code", path: "/forgetpsw?email=ana%40example.com" },
];

await Deno.mkdir(outDir, { recursive: true });
const { browser, close } = await launchBrowser();
try {
  const page = await browser.newPage();
  const host = new URL(baseUrl).hostname;
  for (const viewport of VIEWPORTS) {
    await page.setViewport({
      width: viewport.width,
      height: viewport.height,
      deviceScaleFactor: 1,
    });
    for (const theme of THEMES) {
      for (const lang of LANGS) {
        await browser.setCookie(
          { name: "theme", value: theme, domain: host, path: "/" },
          { name: "lang", value: lang, domain: host, path: "/" },
        );
        for (const target of PAGES) {
          await page.goto(new URL(target.path, baseUrl).href, { waitUntil: "load" });
          const file = `${outDir}/${target.name}-${viewport.name}-${theme}-${lang}.png`;
          const overflow = await page.evaluate(() =>
            document.documentElement.scrollWidth - document.documentElement.clientWidth
          );
          if (overflow > 0) console.warn(`WARNING: ${target.path} overflows by ${overflow}px`);
          await page.screenshot({
            path: file as `${string}.png`,
            fullPage: target.name === "welcome" || target.name === "signup",
          });
          console.log(file);
        }
      }
    }
  }
} finally {
  await close();
}
