import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import { richText } from "./rich_text.tsx";

const html = (text: string, options?: { links?: boolean }) =>
  renderToString(<p>{richText(text, options)}</p>);

Deno.test("rich text: WhatsApp formatting as elements, markup never interpreted", () => {
  assert.equal(
    html("*Ana:*\nOlá _tudo_ ~bem~"),
    "<p><strong>Ana:</strong>\nOlá <em>tudo</em> <s>bem</s></p>",
  );
  assert.equal(html("<b>oi</b> *x*"), "<p>&lt;b>oi&lt;/b> <strong>x</strong></p>");
  assert.match(
    html("veja https://exemplo.com.br/a?b=1"),
    /<a href="https:\/\/exemplo.com.br\/a\?b=1"/,
  );
  assert.equal(
    html("veja https://exemplo.com", { links: false }),
    "<p>veja https://exemplo.com</p>",
  );
});
