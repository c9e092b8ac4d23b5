/** The base components' markup: the accessibility wiring that screens rely on. */
import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import { Badge } from "./Badge.tsx";
import { Button } from "./Button.tsx";
import { Dialog } from "./Dialog.tsx";
import { EmptyState } from "./EmptyState.tsx";
import { Input } from "./Input.tsx";
import { Select } from "./Select.tsx";
import { Table } from "./Table.tsx";
import { TabPanel, Tabs } from "./Tabs.tsx";

Deno.test("Button: a real button by default, a link with href, busy and disabled while loading", () => {
  const plain = renderToString(<Button>Go</Button>);
  assert.match(plain, /^<button type="button"/);
  const link = renderToString(<Button href="/x" variant="secondary">Go</Button>);
  assert.match(link, /^<a href="\/x"/);
  assert.doesNotMatch(link, /type=/);
  const loading = renderToString(<Button loading>Saving</Button>);
  assert.match(loading, /disabled/);
  assert.match(loading, /aria-busy="true"/);
  assert.match(loading, /animate-spin/);
});

Deno.test("Input: label, hint and error are tied to the control", () => {
  const html = renderToString(
    <Input id="phone" label="Phone" hint="Digits only" error="Too short" />,
  );
  assert.match(html, /<label for="phone"/);
  assert.match(html, /aria-invalid="true"/);
  assert.match(html, /aria-describedby="phone-error phone-hint"/);
  assert.match(html, /id="phone-error"[^>]*>.*Too short/);
  const valid = renderToString(<Input id="name" label="Name" />);
  assert.doesNotMatch(valid, / aria-invalid=| aria-describedby=/);
});

Deno.test("Select: options, placeholder and the chosen value", () => {
  const html = renderToString(
    <Select
      id="queue"
      label="Queue"
      placeholder="Choose"
      value="b"
      options={[{ value: "a", label: "A" }, { value: "b", label: "B" }]}
    />,
  );
  assert.match(html, /<option value(="")?>Choose<\/option>/);
  assert.match(html, /<option (selected )?value="b"( selected)?>B<\/option>/);
  assert.match(html, /<label for="queue"/);
});

Deno.test("Dialog: native dialog labelled by its title, closable without script", () => {
  const html = renderToString(
    <Dialog id="confirm" title="Delete?" closeLabel="Close" footer={<Button>OK</Button>}>
      Body
    </Dialog>,
  );
  assert.match(html, /^<dialog id="confirm" aria-labelledby="confirm-title"/);
  assert.match(html, /<h2 id="confirm-title"[^>]*>Delete\?<\/h2>/);
  assert.match(html, /<form method="dialog"><button type="submit"[^>]*aria-label="Close"/);
  assert.match(html, /<footer/);
});

Deno.test("Tabs: tablist, selected tab, roving tabindex, panel labelled by its tab", () => {
  const html = renderToString(
    <div>
      <Tabs
        idBase="t"
        label="Tickets"
        selected="b"
        tabs={[{ id: "a", label: "A" }, { id: "b", label: "B", count: 2 }]}
      />
      <TabPanel idBase="t" tab="b">Panel</TabPanel>
    </div>,
  );
  assert.match(html, /role="tablist" aria-label="Tickets"/);
  assert.match(
    html,
    /id="t-tab-a" data-tab="a" aria-selected="false" aria-controls="t-panel-a" tabindex="-1"/,
  );
  assert.match(
    html,
    /id="t-tab-b" data-tab="b" aria-selected="true" aria-controls="t-panel-b" tabindex="0"/,
  );
  assert.match(html, /role="tabpanel" id="t-panel-b" aria-labelledby="t-tab-b"/);
});

Deno.test("Table: header cells with scope, rows, and the empty state across all columns", () => {
  const columns = [
    { key: "name", label: "Name", cell: (row: { name: string }) => row.name },
    { key: "x", label: "X", cell: () => "-" },
  ];
  const full = renderToString(
    <Table
      columns={columns}
      rows={[{ name: "Ana" }]}
      rowKey={(row) => row.name}
      caption="People"
    />,
  );
  assert.match(full, /<caption class="sr-only">People<\/caption>/);
  assert.match(full, /<th scope="col"/);
  assert.match(full, /<td[^>]*>Ana<\/td>/);
  const empty = renderToString(
    <Table columns={columns} rows={[]} rowKey={() => 0} empty={<EmptyState title="Nothing" />} />,
  );
  assert.match(empty, /<td colspan="2"/);
  assert.ok(empty.includes("Nothing"));
});

Deno.test("Badge: tone classes and an optional status dot", () => {
  const html = renderToString(<Badge tone="warning" dot>Waiting</Badge>);
  assert.match(html, /bg-amber-50/);
  assert.match(html, /aria-hidden="true"/);
  assert.ok(html.endsWith("Waiting</span>"));
});
