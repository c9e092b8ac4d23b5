import "../../tests/helpers/dom.ts";
import assert from "node:assert/strict";
import { type Signal, signal } from "@preact/signals";
import Counter from "../../tests/fixtures/islands/Counter.tsx";
import Total from "../../tests/fixtures/islands/Total.tsx";
import { loadDocument } from "../../tests/helpers/dom.ts";
import { boot, findIslands } from "./boot.ts";
import { onBoot, resetBootHooks } from "./client_data.ts";
import type { AssetManifest } from "./manifest.ts";
import { registerIslands, renderPage } from "./mod.ts";

registerIslands({ Counter: { default: Counter }, Total: { default: Total } });
const manifest: AssetManifest = {
  css: "",
  boot: "/b.js",
  islands: { Counter: "/c.js", Total: "/t.js" },
};

/** Server-renders a page and returns the payload the boot script would pass. */
function serverPage(clientData?: Record<string, unknown>) {
  const count = signal(1);
  const { html } = renderPage(
    <html>
      <body>
        <main>
          <Counter count={count} label="A" />
          <Total count={count} factor={3} />
          <p>after</p>
        </main>
      </body>
    </html>,
    { nonce: "n", manifest, clientData },
  );
  const literal = /boot\(\{.*?\},("(?:[^"\\]|\\.)*")\);/.exec(html)![1]!;
  return { html: html.replace(/<script[\s\S]*?<\/script>/, ""), payload: JSON.parse(literal) };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

Deno.test("islands - boot reuses the server nodes and a click re-renders both islands", async () => {
  resetBootHooks();
  const { html, payload } = serverPage();
  const doc = loadDocument(html);
  const button = doc.querySelector("button")!;
  const output = doc.querySelector("output")!;
  assert.equal(button.textContent, "A: 1");

  boot({ Counter, Total } as never, payload, doc.body);
  await tick();

  assert.equal(doc.querySelector("button"), button, "server <button> reused");
  assert.equal(doc.querySelector("output"), output, "server <output> reused");
  button.click();
  await tick();
  assert.equal(button.textContent, "A: 2");
  assert.equal(output.textContent, "total 6", "the shared signal reached the other island");
  // Nothing was appended outside the ranges.
  const main = doc.querySelector("main")!;
  assert.equal(main.lastElementChild!.textContent, "after");
  assert.equal(main.querySelectorAll("button").length, 1);
});

Deno.test("islands - boot hands client data to onBoot hooks before islands render", async () => {
  resetBootHooks();
  const seen: unknown[] = [];
  onBoot((data) => seen.push(data.lang));
  const Probe = ({ count }: { count: Signal<number> }) => {
    seen.push(`render ${count.value}`);
    return <button type="button">A: {count.value}</button>;
  };
  const { html, payload } = serverPage({ lang: "en" });
  const doc = loadDocument(html);
  boot({ Counter: Probe, Total } as never, payload, doc.body);
  assert.deepEqual(seen, ["en"], "hooks run synchronously inside boot");
  await tick();
  assert.deepEqual(seen, ["en", "render 1"]);
  onBoot((data) => seen.push(`late ${data.lang}`));
  assert.equal(seen.at(-1), "late en");
});

Deno.test("islands - only outermost ranges are roots and bad nesting is skipped", () => {
  const doc = loadDocument(
    "<html><body><div><!--isl:A:0--><i><!--isl:B:1--><b></b><!--/isl--></i><!--/isl-->" +
      "<!--isl:C:2--><span></span><!--/isl--></div></body></html>",
  );
  assert.deepEqual(findIslands(doc.body).map((r) => `${r.name}:${r.index}`), ["A:0", "C:2"]);

  const broken = loadDocument(
    "<html><body><p><!--isl:Counter:0--></p><div><button>x</button><!--/isl--></div></body></html>",
  );
  const errors: unknown[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => errors.push(args.join(" "));
  try {
    boot({ Counter } as never, serverPage().payload, broken.body);
  } finally {
    console.error = original;
  }
  assert.equal(errors.length, 1);
  assert.match(
    String(errors[0]),
    /Island "Counter" cannot start: its markers have different parents/,
  );
});
