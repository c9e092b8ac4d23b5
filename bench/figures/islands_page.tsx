/**
 * Server render time and shipped JavaScript of a page with islands.
 *
 * The product's /tickets page does not exist yet, so this measures a stand-in: a ticket
 * list of 50 server-rendered rows plus the two fixture islands (tests/fixtures/islands)
 * sharing a signal, built with the production settings into a temporary directory. Replace
 * it with the real /tickets page once it exists; the names say "stand-in" until then.
 */
import { join } from "node:path";
import { type Signal, signal } from "@preact/signals";
import Counter from "../../tests/fixtures/islands/Counter.tsx";
import Total from "../../tests/fixtures/islands/Total.tsx";
import { buildIslands } from "../../lib/islands/build.ts";
import { type AssetManifest, registerIslands, renderPage } from "../../lib/islands/mod.ts";
import { type Figure, pageFigures, scriptSizes } from "../figure.ts";

const WARMUP = 100;
const RENDERS = 500;
const ROWS = 50;
const PAGE = "islands stand-in page (50 rows + 2 fixture islands)";

function StandInPage({ count }: { count: Signal<number> }) {
  return (
    <html lang="pt-BR">
      <head>
        <meta charset="utf-8" />
        <title>Tickets</title>
        <link rel="stylesheet" href="/static/build/app.css" />
      </head>
      <body>
        <header>
          <nav>
            {["Tickets", "Contacts", "Queues", "Settings"].map((item) => (
              <a key={item} href={`/${item.toLowerCase()}`}>{item}</a>
            ))}
          </nav>
          <Counter count={count} label="Open" />
        </header>
        <main>
          <ul>
            {Array.from({ length: ROWS }, (_, i) => (
              <li key={i} class="ticket">
                <strong>Contact {i}</strong> <span>Last message of ticket {i} &amp; more</span>
                <time dateTime="2026-11-22T10:00:00Z">10:00</time>
              </li>
            ))}
          </ul>
          <Total count={count} factor={1} />
        </main>
      </body>
    </html>
  );
}

export default async function islandsPageFigures(): Promise<Figure[]> {
  registerIslands({ Counter: { default: Counter }, Total: { default: Total } });
  const dir = await Deno.makeTempDir({ prefix: "bench-islands-" });
  try {
    const built = await buildIslands({ islandsDir: "tests/fixtures/islands", outDir: dir });
    const manifest: AssetManifest = { css: "", ...built };

    const render = () => renderPage(<StandInPage count={signal(3)} />, { nonce: "n", manifest });
    for (let i = 0; i < WARMUP; i++) render();
    const samples: number[] = [];
    for (let i = 0; i < RENDERS; i++) {
      const start = performance.now();
      render();
      samples.push(performance.now() - start);
    }

    // Everything the page's script loads: boot, its islands and their static imports,
    // which is exactly what renderPage lists for modulepreload.
    const hrefs = render().preload;
    const modules = await Promise.all(
      hrefs.map((href) => Deno.readFile(join(dir, href.split("/").at(-1)!))),
    );
    return pageFigures(`render only, ${PAGE}`, samples, await scriptSizes(modules));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
