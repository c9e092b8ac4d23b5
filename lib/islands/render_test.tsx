import assert from "node:assert/strict";
import { signal } from "@preact/signals";
import { renderToString } from "preact-render-to-string";
import Counter from "../../tests/fixtures/islands/Counter.tsx";
import Total from "../../tests/fixtures/islands/Total.tsx";
import { parse } from "./codec.ts";
import type { AssetManifest } from "./manifest.ts";
import { registerIslands, renderPage } from "./mod.ts";

function Outer({ label }: { label: string }) {
  // An island inside an island: the outer one's client render creates it.
  return (
    <section>
      {label} <Counter count={signal(1)} label="inner" />
    </section>
  );
}
function Labels({ items }: { items: string[] }) {
  return <ul>{items.map((item) => <li key={item}>{item}</li>)}</ul>;
}
registerIslands({ Counter: { default: Counter }, Total: { default: Total } });
registerIslands({ Outer: { default: Outer, Labels } });

const manifest: AssetManifest = {
  css: "/static/build/app-00.css",
  boot: "/static/build/boot-aa.js",
  islands: {
    Counter: "/static/build/island-Counter-bb.js",
    Total: "/static/build/island-Total-cc.js",
    Outer: "/static/build/island-Outer-dd.js",
  },
  imports: {
    "/static/build/boot-aa.js": ["/static/build/chunk-ee.js"],
    "/static/build/island-Counter-bb.js": ["/static/build/chunk-ee.js"],
  },
};

function Page(props: { children: unknown }) {
  return (
    <html lang="pt-BR">
      <head>
        <title>t</title>
      </head>
      <body>{props.children as never}</body>
    </html>
  );
}

function scriptOf(html: string): string {
  const match = /<script type="module" nonce="n0nce">(.*?)<\/script>/s.exec(html);
  assert.ok(match, "boot script present");
  return match[1]!;
}

function payloadOf(html: string): { props: Record<string, unknown>[]; data: unknown } {
  const literal = /boot\(\{.*?\},("(?:[^"\\]|\\.)*")\);$/.exec(scriptOf(html))![1]!;
  return parse(JSON.parse(literal)) as { props: Record<string, unknown>[]; data: unknown };
}

Deno.test("islands - markers surround each island and index its props", () => {
  const count = signal(2);
  const { html, preload } = renderPage(
    <Page>
      <p>before</p>
      <Counter count={count} label="A" />
      <Total count={count} factor={10} />
    </Page>,
    { nonce: "n0nce", manifest },
  );
  assert.ok(html.startsWith('<!doctype html><html lang="pt-BR">'));
  assert.match(
    html,
    /<p>before<\/p><!--isl:Counter:0--><button type="button" class="counter">A: 2<\/button><!--\/isl--><!--isl:Total:1--><output class="total">total 20<\/output><!--\/isl-->/,
  );
  assert.ok(html.indexOf("<script") > html.indexOf("<!--/isl-->"));
  assert.ok(html.endsWith("</script></body></html>"));
  const script = scriptOf(html);
  assert.ok(script.startsWith('import{boot}from"/static/build/boot-aa.js";'));
  assert.ok(script.includes('import*as m0 from"/static/build/island-Counter-bb.js";'));
  assert.ok(script.includes('"Counter":m0["default"],"Total":m1["default"]'));
  assert.ok(!script.includes("Outer"), "only the islands used are imported");
  const { props } = payloadOf(html);
  assert.equal(props[0]!.label, "A");
  assert.equal(props[1]!.factor, 10);
  assert.equal(props[0]!.count, props[1]!.count, "shared signal stays shared");
  assert.deepEqual(preload, [
    "/static/build/boot-aa.js",
    "/static/build/island-Counter-bb.js",
    "/static/build/island-Total-cc.js",
    "/static/build/chunk-ee.js",
  ]);
});

Deno.test("islands - a page without islands has no script", () => {
  const { html, preload } = renderPage(<Page>plain</Page>, { nonce: "n0nce", manifest });
  assert.equal(
    html,
    '<!doctype html><html lang="pt-BR"><head><title>t</title></head><body>plain</body></html>',
  );
  assert.ok(!html.includes("<script"));
  assert.deepEqual(preload, []);
});

Deno.test("islands - props cannot break out of the script", () => {
  const evil = "</script><script>alert(1)</script><!-- x";
  const { html } = renderPage(
    <Page>
      <Counter count={signal(0)} label={evil} />
    </Page>,
    { nonce: "n0nce", manifest, clientData: { note: "</SCRIPT>" } },
  );
  const script = scriptOf(html);
  assert.ok(!/<\/script/i.test(script));
  assert.ok(!script.includes("<!--"));
  assert.equal(payloadOf(html).props[0]!.label, evil);
  assert.deepEqual(payloadOf(html).data, { note: "</SCRIPT>" });
});

Deno.test("islands - a nested island is a plain component of the outer one", () => {
  const { html } = renderPage(
    <Page>
      <Outer label="out" />
    </Page>,
    { nonce: "n0nce", manifest },
  );
  assert.equal(html.match(/<!--isl:/g)?.length, 1);
  assert.match(
    html,
    /<!--isl:Outer:0--><section>out <button[^>]*>inner: 1<\/button><\/section><!--\/isl-->/,
  );
  assert.deepEqual(payloadOf(html).props, [{ label: "out" }]);
});

Deno.test("islands - named exports are islands of their module", () => {
  const { html } = renderPage(
    <Page>
      <Labels items={["a"]} />
    </Page>,
    { nonce: "n0nce", manifest },
  );
  assert.match(html, /<!--isl:Outer\.Labels:0--><ul><li>a<\/li><\/ul><!--\/isl-->/);
  assert.ok(scriptOf(html).includes('"Outer.Labels":m0["Labels"]'));
});

Deno.test("islands - function props are rejected with the island and prop named", () => {
  const BadCounter = Counter as unknown as (p: Record<string, unknown>) => preact.JSX.Element;
  assert.throws(
    () =>
      renderPage(
        <Page>
          <BadCounter count={signal(0)} label="x" onPick={() => {}} />
        </Page>,
        {
          nonce: "n0nce",
          manifest,
        },
      ),
    /the prop "onPick" of island "Counter".*functions/,
  );
  // A failed render leaves no state behind: the next one works.
  const { html } = renderPage(
    <Page>
      <Total count={signal(1)} factor={1} />
    </Page>,
    {
      nonce: "n0nce",
      manifest,
    },
  );
  assert.match(html, /<!--isl:Total:0-->/);
});

Deno.test("islands - outside renderPage islands render without markers", () => {
  assert.equal(
    renderToString(<Total count={signal(1)} factor={2} />),
    '<output class="total">total 2</output>',
  );
});
