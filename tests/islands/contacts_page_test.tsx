/**
 * The contacts screen in a DOM with a scripted server (the API client's `fetch`) and a
 * scripted realtime channel: search, infinite scroll, the dialogs, import and live events.
 */
import "../helpers/dom.ts";
import assert from "node:assert/strict";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/preact";
import {
  ContactsManager,
  type ContactsManagerProps,
} from "../../islands/contacts/ContactsManager.tsx";
import type { ContactRow, ContactsPageData } from "../../components/contacts/types.ts";
import { configureApi, resetApi } from "../../lib/client/api.ts";
import type { ChannelHandler } from "../../lib/client/realtime.ts";
import { initClientI18n } from "../../lib/i18n/client.ts";
import { i18nClientData } from "../../lib/i18n/mod.ts";
import { clearToasts } from "../../lib/ui/toast.ts";

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

function contact(id: number, name: string, number = `55119${String(id).padStart(8, "0")}`) {
  return { id, name, number, email: "", profilePicUrl: "", extraInfo: [] } as ContactRow;
}

function page(contacts: ContactRow[], count = contacts.length, hasMore = false): ContactsPageData {
  return { contacts, count, hasMore };
}

const VIP = { id: 3, name: "VIP", color: "#aa0000" };
const TAGS = [VIP, { id: 4, name: "Atacado", color: "#2255aa" }];

/**
 * Answers each request with `route`; records them all, but for the company's tags the screen
 * reads for its filter and dialog (answered with `tags`).
 */
function fakeServer(route: (call: Call) => unknown, tags: typeof TAGS = []) {
  const calls: Call[] = [];
  configureApi({
    baseUrl: "http://app.test",
    fetch: (input, init = {}) => {
      const url = new URL(String(input));
      if (url.pathname === "/api/tags/list") return Promise.resolve(Response.json(tags));
      const body = typeof init.body === "string" ? JSON.parse(init.body) : init.body;
      const call = {
        method: init.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        body,
      };
      calls.push(call);
      const answer = route(call);
      return Promise.resolve(answer instanceof Response ? answer : Response.json(answer ?? {}));
    },
    onSignedOut: () => {},
  });
  return calls;
}

function fakeRealtime() {
  const handlers = new Map<string, ChannelHandler>();
  return {
    subscribe(channel: string, handler: ChannelHandler) {
      handlers.set(channel, handler);
      return () => handlers.delete(channel);
    },
    emit(channel: string, data: unknown) {
      act(() => handlers.get(channel)?.(data, { channel, data }));
    },
  };
}

const defaults: ContactsManagerProps = { companyId: 7, canDelete: true, canImportExport: true };

function test(name: string, fn: () => Promise<void> | void) {
  Deno.test(`contacts page - ${name}`, async () => {
    initClientI18n(i18nClientData("pt-BR", ["contacts"]));
    try {
      await fn();
    } finally {
      cleanup();
      resetApi();
      clearToasts();
    }
  });
}

// Assertions never get a DOM node as a value: a failing one would try to print the whole
// happy-dom document graph, which stalls the run instead of failing it.
const wait = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

test("shows the first page with formatted numbers and the actions the user may use", () => {
  fakeServer(() => ({}));
  render(
    <ContactsManager
      {...defaults}
      canDelete={false}
      canImportExport={false}
      initial={page([contact(1, "Ana Souza", "5511987654321")], 1)}
    />,
  );
  screen.getByRole("heading", { name: "Contatos" });
  screen.getByText("1 contato");
  assert.equal(
    screen.getAllByText("+55 (11) 98765-4321").length,
    2,
    "column, and under the name on phones",
  );
  screen.getByText("AS");
  screen.getByRole("button", { name: "Editar Ana Souza" });
  assert.ok(!screen.queryByRole("button", { name: "Excluir Ana Souza" }), "should be absent");
  assert.ok(!screen.queryByRole("button", { name: /Importar/ }), "should be absent");
  assert.ok(!screen.queryByRole("button", { name: /Exportar/ }), "should be absent");
});

test("search waits for 3 characters and 500 ms, lowercased; clearing resets", async () => {
  const calls = fakeServer((call) =>
    call.query.get("searchParam") === "ana" ? page([contact(1, "Ana")]) : page([
      contact(1, "Ana"),
      contact(2, "Bia"),
    ])
  );
  render(<ContactsManager {...defaults} initial={page([contact(1, "Ana"), contact(2, "Bia")])} />);
  const box = screen.getByRole("searchbox", { name: "Pesquisar por nome ou número" });
  fireEvent.input(box, { target: { value: "AN" } });
  await wait(600);
  assert.equal(calls.length, 0, "two characters do not search");
  fireEvent.input(box, { target: { value: "ANA" } });
  await wait(300);
  assert.equal(calls.length, 0, "not before 500 ms");
  await wait(300);
  assert.deepEqual(calls.map((c) => c.query.get("searchParam")), ["ana"]);
  await waitFor(() => assert.ok(!screen.queryByText("Bia"), "should be absent"));
  fireEvent.input(box, { target: { value: "" } });
  await waitFor(() => screen.getByText("Bia"));
  assert.equal(calls.at(-1)!.query.get("searchParam"), null, "cleared: the whole list again");
});

test("scrolling near the bottom loads the next page", async () => {
  const calls = fakeServer(() => page([contact(21, "Zeca")], 21, false));
  const first = Array.from({ length: 20 }, (_, i) => contact(i + 1, `Cliente ${i + 1}`));
  render(<ContactsManager {...defaults} initial={page(first, 21, true)} />);
  fireEvent.scroll(screen.getByTestId("contacts-scroll"));
  await waitFor(() => screen.getByText("Zeca"));
  assert.equal(calls[0]!.query.get("pageNumber"), "2");
  fireEvent.scroll(screen.getByTestId("contacts-scroll"));
  await wait(20);
  assert.equal(calls.length, 1, "no more pages to ask for");
});

test("the add dialog checks fields, saves, and names the holder of a taken number", async () => {
  let answerDuplicate = true;
  const calls = fakeServer((call) => {
    if (call.method === "POST" && answerDuplicate) {
      return Response.json({
        error: "ERR_DUPLICATED_CONTACT",
        alreadyExists: true,
        existingContact: { id: 3, name: "Carla", number: "5511987654321" },
      }, { status: 409 });
    }
    if (call.method === "POST") return { ...contact(9, "Ana Souza"), extraInfo: [] };
    return contact(3, "Carla", "5511987654321");
  });
  render(<ContactsManager {...defaults} initial={page([contact(1, "Bia")])} />);
  fireEvent.click(screen.getByRole("button", { name: "Novo contato" }));
  const dialog = within(document.getElementById("contact-form-dialog")!);
  fireEvent.input(dialog.getByLabelText(/^Nome/), { target: { value: "A" } });
  fireEvent.click(dialog.getByRole("button", { name: "Salvar" }));
  await waitFor(() => dialog.getByText("Muito curto! Mínimo de 2 caracteres."));
  dialog.getByText("Obrigatório");
  assert.equal(calls.length, 0, "nothing sent while the form has mistakes");

  fireEvent.input(dialog.getByLabelText(/^Nome/), { target: { value: "Ana Souza" } });
  fireEvent.input(dialog.getByLabelText(/^Número/), { target: { value: "(11) 98765-4321" } });
  fireEvent.click(dialog.getByRole("button", { name: "Adicionar informação" }));
  fireEvent.input(dialog.getByLabelText("Campo"), { target: { value: "CPF" } });
  fireEvent.input(dialog.getByLabelText("Valor"), { target: { value: "123" } });
  fireEvent.click(dialog.getByRole("button", { name: "Salvar" }));
  await waitFor(() =>
    dialog.getByText("Este número (+55 (11) 98765-4321) já é de Carla.", { exact: false })
  );
  assert.deepEqual(calls[0]!.body, {
    name: "Ana Souza",
    number: "(11) 98765-4321",
    email: "",
    extraInfo: [{ name: "CPF", value: "123" }],
  });

  answerDuplicate = false;
  fireEvent.click(dialog.getByRole("button", { name: "Salvar" }));
  await waitFor(() => screen.getByText("Ana Souza"));
  screen.getByText("2 contatos");
});

test("the dialog sets the contact's tags after saving it; a refused set saves no second contact", async () => {
  let refuseTags = true;
  const calls = fakeServer((call) => {
    if (call.method === "POST") return contact(9, "Ana Souza");
    if (call.method === "PUT" && call.path === "/api/contacts/9") return contact(9, "Ana Souza");
    if (call.path === "/api/contacts/9/tags" && refuseTags) {
      return Response.json({ error: "ERR_NO_TAG_FOUND" }, { status: 404 });
    }
    if (call.path === "/api/contacts/9/tags") {
      return { ...contact(9, "Ana Souza"), tags: [VIP] };
    }
    return page([]);
  }, TAGS);
  render(<ContactsManager {...defaults} initial={page([contact(1, "Bia")])} />);
  fireEvent.click(screen.getByRole("button", { name: "Novo contato" }));
  const dialog = within(document.getElementById("contact-form-dialog")!);
  const vip = await waitFor(() => dialog.getByRole("button", { name: "VIP", pressed: false }));
  fireEvent.input(dialog.getByLabelText(/^Nome/), { target: { value: "Ana Souza" } });
  fireEvent.input(dialog.getByLabelText(/^Número/), { target: { value: "11987654321" } });
  fireEvent.click(vip);
  dialog.getByRole("button", { name: "VIP", pressed: true });
  fireEvent.click(dialog.getByRole("button", { name: "Salvar" }));
  await waitFor(() => dialog.getByText("Tag não encontrada."));
  dialog.getByRole("heading", { name: "Editar contato" });

  refuseTags = false;
  fireEvent.click(dialog.getByRole("button", { name: "Salvar" }));
  await waitFor(() =>
    assert.ok(!document.getElementById("contact-form-dialog")?.hasAttribute("open"))
  );
  assert.deepEqual(calls.map((c) => `${c.method} ${c.path}`), [
    "POST /api/contacts",
    "PUT /api/contacts/9/tags",
    "PUT /api/contacts/9",
    "PUT /api/contacts/9/tags",
  ]);
  assert.deepEqual(calls.at(-1)!.body, { tags: [3] });
  within(screen.getByRole("list", { name: "Tags" })).getByText("VIP");
});

test("the tag filter asks for the tag's contacts; one losing the tag live leaves the list", async () => {
  const tagged = { ...contact(2, "Bia"), tags: [VIP] };
  const calls = fakeServer(
    (call) => call.query.get("tagId") === "3" ? page([tagged]) : page([]),
    TAGS,
  );
  const realtime = fakeRealtime();
  render(
    <ContactsManager
      {...defaults}
      realtime={realtime}
      initial={page([contact(1, "Ana"), tagged])}
    />,
  );
  const filter = await waitFor(() => screen.getByLabelText("Filtrar por tag"));
  fireEvent.change(filter, { target: { value: "3" } });
  await waitFor(() => assert.ok(!screen.queryByText("Ana"), "should be absent"));
  assert.deepEqual(calls.map((c) => c.query.get("tagId")), ["3"]);
  screen.getByText("1 contato");
  realtime.emit("company-7-contact", { action: "update", contact: { ...tagged, tags: [] } });
  await waitFor(() => screen.getByText("Nenhum contato com a tag “VIP”."));
});

test("deleting asks first, then removes the row", async () => {
  const calls = fakeServer(() => new Response(null, { status: 204 }));
  render(<ContactsManager {...defaults} initial={page([contact(1, "Ana"), contact(2, "Bia")])} />);
  fireEvent.click(screen.getByRole("button", { name: "Excluir Ana" }));
  const dialog = within(document.getElementById("contact-delete-dialog")!);
  dialog.getByText("Excluir Ana? Essa ação não pode ser desfeita.");
  fireEvent.click(dialog.getByRole("button", { name: "Excluir" }));
  await waitFor(() => assert.ok(!screen.queryByText("Ana"), "should be absent"));
  assert.deepEqual(calls.map((c) => `${c.method} ${c.path}`), ["DELETE /api/contacts/1"]);
  screen.getByText("1 contato");
});

test("live events: create and update upsert in name order, delete removes, reload refetches", async () => {
  const calls = fakeServer(() => page([contact(5, "Reloaded")]));
  const realtime = fakeRealtime();
  render(
    <ContactsManager
      {...defaults}
      realtime={realtime}
      initial={page([contact(1, "Ana"), contact(2, "Carla")])}
    />,
  );
  const names = () =>
    screen.getAllByRole("row").slice(1).map((row) => row.querySelector("p")?.textContent);
  realtime.emit("company-7-contact", { action: "create", contact: contact(3, "Bia") });
  assert.deepEqual(names(), ["Ana", "Bia", "Carla"]);
  realtime.emit("company-7-contact", { action: "update", contact: contact(1, "Zélia") });
  assert.deepEqual(names(), ["Bia", "Carla", "Zélia"]);
  realtime.emit("company-7-contact", { action: "delete", contactId: 2 });
  assert.deepEqual(names(), ["Bia", "Zélia"]);
  realtime.emit("company-8-contact", { action: "delete", contactId: 3 });
  assert.deepEqual(names(), ["Bia", "Zélia"], "another channel is not listened to");
  realtime.emit("company-7-contact", { action: "reload", created: 40 });
  await waitFor(() => assert.deepEqual(names(), ["Reloaded"]));
  assert.equal(calls[0]!.query.get("pageNumber"), "1");
});

test("import: pick a file, see each row's status, import, see what was left out", async () => {
  const calls = fakeServer((call) => {
    if (call.path === "/api/contacts/upload") {
      return {
        rows: [
          { row: 2, name: "Ana", number: "5511987654321", email: "", status: "ok" },
          { row: 3, name: "Beto", number: "123", email: "", status: "invalid_number" },
        ],
        total: 2,
        counts: {
          ok: 1,
          empty_name: 0,
          invalid_name: 0,
          invalid_number: 1,
          invalid_email: 0,
          duplicate_in_file: 0,
          already_exists: 0,
        },
      };
    }
    if (call.path === "/api/contacts/import") {
      return { created: 1, skipped: [{ row: 3, reason: "invalid_number" }] };
    }
    return page([contact(1, "Ana")]);
  });
  render(<ContactsManager {...defaults} initial={page([])} />);
  fireEvent.click(screen.getByRole("button", { name: "Importar" }));
  const dialog = within(document.getElementById("contact-import-dialog")!);
  const input = dialog.getByLabelText(/Escolha uma planilha/) as HTMLInputElement;
  const file = new File(["Nome;Número\nAna;11987654321\nBeto;123\n"], "lista.csv");
  Object.defineProperty(input, "files", { value: [file] });
  fireEvent.change(input);
  await waitFor(() => dialog.getByText("lista.csv: 1 contato pronto para importar."));
  dialog.getByText("Número inválido");
  const upload = calls.find((call) => call.path === "/api/contacts/upload")!;
  assert.ok(upload.body instanceof FormData);
  assert.equal(((upload.body as FormData).get("file") as File).name, "lista.csv");

  fireEvent.click(dialog.getByRole("button", { name: "Importar 1 contato" }));
  await waitFor(() => dialog.getByText("1 contato importado."));
  dialog.getByText("1 linha ficou de fora:");
  dialog.getByText("Linha 3");
  await waitFor(() => screen.getByText("1 contato"));
});

const NO_COUNTS = {
  ok: 0,
  empty_name: 0,
  invalid_name: 0,
  invalid_number: 0,
  invalid_email: 0,
  duplicate_in_file: 0,
  already_exists: 0,
};

test("import from the phone: pick a connection, preview its book, import it", async () => {
  const calls = fakeServer((call) => {
    if (call.path === "/api/whatsapp") {
      return [
        { id: 3, name: "Filial", isDefault: false, status: "DISCONNECTED" },
        { id: 9, name: "Loja", isDefault: true, status: "CONNECTED" },
      ];
    }
    if (call.path === "/api/contacts/phone-book") {
      return {
        connection: { id: Number(call.query.get("whatsappId")), name: "Loja" },
        rows: [
          { row: 1, name: "Ana", number: "5511987654321", email: "", status: "already_exists" },
          { row: 2, name: "Bia", number: "5511912345678", email: "", status: "ok" },
        ],
        total: 2,
        counts: { ...NO_COUNTS, ok: 1, already_exists: 1 },
      };
    }
    if (call.path === "/api/contacts/import") {
      return { created: 1, skipped: [{ row: 1, reason: "already_exists" }] };
    }
    return page([contact(1, "Ana")]);
  });
  render(<ContactsManager {...defaults} initial={page([])} />);
  assert.equal(calls.length, 0, "nothing is asked before the dialog opens");
  fireEvent.click(screen.getByRole("button", { name: "Importar" }));
  const dialog = within(document.getElementById("contact-import-dialog")!);
  const select = await waitFor(() => dialog.getByLabelText("Conexão") as HTMLSelectElement);
  assert.equal(select.value, "9", "the default connection comes first");
  assert.deepEqual([...select.options].map((o) => o.text), ["Loja", "Filial (desconectada)"]);
  fireEvent.click(dialog.getByRole("button", { name: "Ver contatos do telefone" }));
  await waitFor(() => dialog.getByText("Loja: 1 contato pronto para importar."));
  assert.equal(
    calls.find((c) => c.path === "/api/contacts/phone-book")!.query.get("whatsappId"),
    "9",
  );
  assert.equal(dialog.queryByText("Linha"), null, "a phone's book has no rows to point at");
  const cells = dialog.getAllByRole("row").slice(1).map((row) => row.textContent);
  assert.match(cells[0]!, /Bia/, "what will be imported comes before what is already there");

  fireEvent.click(dialog.getByRole("button", { name: "Importar 1 contato" }));
  await waitFor(() => dialog.getByText("1 contato importado."));
  const sent = calls.find((c) => c.path === "/api/contacts/import")!;
  assert.deepEqual([sent.method, sent.body], ["POST", { whatsappId: 9 }]);
  dialog.getByText("Ana", { selector: "li span" });
});

test("import: a refused file shows the server's reason in the dialog", async () => {
  fakeServer(() =>
    Response.json({ error: "ERR_IMPORT_FILE_TYPE" }, {
      status: 415,
    })
  );
  render(<ContactsManager {...defaults} initial={page([])} />);
  fireEvent.click(screen.getByRole("button", { name: "Importar" }));
  const dialog = within(document.getElementById("contact-import-dialog")!);
  const input = dialog.getByLabelText(/Escolha uma planilha/) as HTMLInputElement;
  Object.defineProperty(input, "files", { value: [new File(["x"], "relatorio.pdf")] });
  fireEvent.change(input);
  await waitFor(() => dialog.getByRole("alert"));
  assert.match(dialog.getByRole("alert").textContent!, /Tipo de arquivo não aceito/);
});
