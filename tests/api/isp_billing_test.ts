/**
 * The "segunda via" option through the sandbox phone (issue 18 item 5), against local fakes
 * of IXC Soft, MK-Auth and Asaas: the customer picks the option, types a CPF (a bad one is
 * asked again), and gets the open bills of whichever system has credentials; the ticket then
 * waits for a person in the queue the option names. An unknown customer is asked again; a
 * failing system leaves the ticket to a person.
 */
import assert from "node:assert/strict";
import { sql } from "../../lib/db/mod.ts";
import { answer } from "../helpers/api_as.ts";
import { ASAAS_KEY, IXC_TOKEN, MK_CLIENT, startFakeIsp } from "../helpers/fake_isp.ts";
import { openTicketEnv } from "../helpers/ticket_env.ts";

const fake = startFakeIsp();
const env = await openTicketEnv({
  env: { ALLOW_PRIVATE_HOSTS: fake.hostPort, ASAAS_BASE_URL: `${fake.origin}/v3` },
});
const { db, asAdmin, whatsapp, companyId, connectionId, queues } = env;
Deno.test.afterAll(async () => {
  await env.close();
  await fake.close();
});

const call = async (method: string, path: string, body?: unknown) =>
  await answer(await asAdmin(method, path, body));

// Suporte is the connection's only queue; its menu's first option is the "segunda via".
const saved = await call("PUT", `/api/queue/${queues.support}`, {
  greetingMessage: "Suporte:",
  options: [
    { title: "Segunda via", kind: "billing", forwardQueueId: queues.sales },
    { title: "Outro assunto", message: "Um atendente já vem." },
  ],
});
assert.equal(saved.status, 200, JSON.stringify(saved.body));
await db.run(sql`insert into whatsapp_queues (company_id, whatsapp_id, queue_id)
                 values (${companyId}, ${connectionId}, ${queues.support})`);

/** Only these ISP credentials are set, through the settings API as an admin sets them. */
async function credentials(values: Record<string, string>) {
  for (
    const key of ["ipixc", "tokenixc", "ipmkauth", "clientidmkauth", "clientsecretmkauth", "asaas"]
  ) {
    const res = await call("PUT", `/api/settings/${key}`, { value: values[key] ?? "" });
    assert.equal(res.status, 200, JSON.stringify(res.body));
  }
}

const seen = new Map<string, number>();
/** The customer writes, and reads what the bot answered since. */
async function says(number: string, body: string): Promise<string[]> {
  const res = await call("POST", `/api/sandbox/${connectionId}/inbound`, {
    number,
    name: "Ana",
    body,
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  await whatsapp.drainOutbox(connectionId);
  const inbox = await call("GET", `/api/sandbox/${connectionId}/outbound?number=${number}`);
  const all = (inbox.body.messages as { body: string }[]).map((m) => m.body);
  const fresh = all.slice(seen.get(number) ?? 0);
  seen.set(number, all.length);
  return fresh;
}

const ticketOf = (number: string) =>
  db.one<{ queue_id: number | null; chatbot: boolean; status: string; user_id: number | null }>(sql`
    select t.queue_id, t.chatbot, t.status, t.user_id from tickets t
    join contacts c on c.id = t.contact_id
    where t.company_id = ${companyId} and c.number = ${number} order by t.id desc limit 1`);

/** Up to the CPF question: the menu, then the option. */
async function reachBilling(number: string) {
  assert.deepEqual(await says(number, "Oi"), [
    "Suporte:\n\n*[ 1 ]* - Segunda via\n*[ 2 ]* - Outro assunto\n*[ # ]* - Menu inicial",
  ]);
  assert.deepEqual(await says(number, "1"), ["Digite o CPF ou CNPJ do titular, só os números."]);
}

Deno.test("[isp] IXC: a bad CPF is asked again; a good one gets the open bills and a person", async () => {
  await credentials({ ipixc: fake.origin, tokenixc: IXC_TOKEN });
  const number = "5511955550001";
  await reachBilling(number);
  assert.deepEqual(await says(number, "529.982.247-00"), [
    "Esse CPF/CNPJ não é válido. Confira os números e digite de novo (ou # para o menu inicial).",
  ]);
  assert.deepEqual(await says(number, "529.982.247-25"), [
    [
      "Encontramos 2 faturas em aberto:",
      "*Vencimento:* 10/11/2026\n*Valor:* R$ 99,90\n" +
      "*Linha digitável:* 23790.00001 11111.111111 11111.111111 1 1\n" +
      "*Pix copia e cola:*\n00020101IXC1",
      "*Vencimento:* 10/12/2026\n*Valor:* R$ 99,90\n" +
      "*Linha digitável:* 23790.00002 22222.222222 22222.222222 2 2\n" +
      "*Pix copia e cola:*\n00020101IXC2",
    ].join("\n\n"),
  ]);
  // The option forwards: the ticket waits for a person in Vendas, the bot done.
  const ticket = await ticketOf(number);
  assert.deepEqual([ticket.queue_id, ticket.chatbot, ticket.status, ticket.user_id], [
    queues.sales,
    false,
    "pending",
    null,
  ]);
  const customerQuery = fake.requests.find((r) => r.path === "/webservice/v1/cliente")!;
  assert.equal(customerQuery.headers.get("ixcsoft"), "listar");
  assert.deepEqual(
    [customerQuery.body],
    [{ oper: "=", page: "1", qtype: "cliente.cnpj_cpf", query: "529.982.247-25", rp: "1" }],
  );
});

Deno.test("[isp] MK-Auth: its customer's title from cliente/show; a bare NULL is nobody, asked again", async () => {
  await credentials({
    ipmkauth: fake.origin,
    clientidmkauth: MK_CLIENT.id,
    clientsecretmkauth: MK_CLIENT.secret,
  });
  const number = "5511955550002";
  await reachBilling(number);
  // A valid CPF of nobody: MK-Auth answers NULL, which is "not found", not "unavailable".
  assert.deepEqual(await says(number, "111.444.777-35"), [
    "Não encontramos cadastro com esse CPF/CNPJ. Confira e digite de novo (ou # para o menu inicial).",
  ]);
  const [reply] = await says(number, "52998224725");
  assert.equal(
    reply,
    "Encontramos 1 fatura em aberto:\n\n" +
      "*Vencimento:* 05/11/2026\n*Valor:* R$ 120,00\n*Linha digitável:* MKLINE8\n" +
      "*Pix copia e cola:*\n00020101MK8",
  );
});

Deno.test("[isp] MK-Auth answering a login: the titles listed by login", async () => {
  await credentials({
    ipmkauth: fake.origin,
    clientidmkauth: MK_CLIENT.id,
    clientsecretmkauth: MK_CLIENT.secret,
  });
  fake.mkauthShape = "login";
  try {
    const number = "5511955550005";
    await reachBilling(number);
    const [reply] = await says(number, "52998224725");
    assert.equal(
      reply,
      "Encontramos 2 faturas em aberto:\n\n" +
        "*Vencimento:* 05/11/2026\n*Valor:* R$ 120,00\n*Linha digitável:* MKLINE8\n" +
        "*Pix copia e cola:*\n00020101MK8\n\n" +
        "*Vencimento:* 05/12/2026\n*Valor:* R$ 120,00\n*Linha digitável:* MKLINE9\n" +
        "*Pix copia e cola:*\n00020101MK9",
    );
  } finally {
    fake.mkauthShape = "dados_cliente";
  }
});

Deno.test("[isp] IXC reporting an error inside a 200 is an unavailable system, not an unknown customer", async () => {
  await credentials({ ipixc: fake.origin, tokenixc: IXC_TOKEN });
  const number = "5511955550006";
  await reachBilling(number);
  fake.ixcError = "Usuário sem permissão para o recurso cliente";
  try {
    assert.deepEqual(await says(number, "529.982.247-25"), [
      "Não conseguimos consultar suas faturas agora. Um atendente vai te ajudar.",
    ]);
  } finally {
    fake.ixcError = null;
  }
  assert.equal((await ticketOf(number)).queue_id, queues.sales);
});

Deno.test("[isp] Asaas: pending and overdue payments with their line and Pix; unknown asked again", async () => {
  await credentials({ asaas: ASAAS_KEY });
  const number = "5511955550003";
  await reachBilling(number);
  // A valid CPF of nobody the system knows.
  assert.deepEqual(await says(number, "111.444.777-35"), [
    "Não encontramos cadastro com esse CPF/CNPJ. Confira e digite de novo (ou # para o menu inicial).",
  ]);
  const [reply] = await says(number, "529.982.247-25");
  assert.equal(
    reply,
    "Encontramos 2 faturas em aberto:\n\n" +
      "*Vencimento:* 15/12/2026\n*Valor:* R$ 59,90\n*Linha digitável:* ASLINE-pay_2\n" +
      "*Pix copia e cola:*\n00020101AS-pay_2\n\n" +
      "*Vencimento:* 15/01/2027\n*Valor:* R$ 59,90\n*Linha digitável:* ASLINE-pay_3\n" +
      "*Pix copia e cola:*\n00020101AS-pay_3",
  );
  assert.equal((await ticketOf(number)).queue_id, queues.sales);
});

Deno.test("[isp] a failing billing system: the customer is told, and a person takes over", async () => {
  await credentials({ asaas: ASAAS_KEY });
  const number = "5511955550004";
  await reachBilling(number);
  fake.failing = true;
  try {
    assert.deepEqual(await says(number, "529.982.247-25"), [
      "Não conseguimos consultar suas faturas agora. Um atendente vai te ajudar.",
    ]);
  } finally {
    fake.failing = false;
  }
  const ticket = await ticketOf(number);
  assert.deepEqual([ticket.queue_id, ticket.chatbot, ticket.status], [
    queues.sales,
    false,
    "pending",
  ]);
});

Deno.test("[isp] the tree refuses a 'segunda via' option with sub-options", async () => {
  const res = await call("PUT", `/api/queue/${queues.support}`, {
    options: [{ title: "Segunda via", kind: "billing", children: [{ title: "Boleto" }] }],
  });
  assert.equal(res.status, 400);
  assert.equal(res.body.fields["options.0.kind"].code, "ERR_QUEUE_OPTION_BILLING_NOT_LEAF");
  const bad = await call("PUT", `/api/queue/${queues.support}`, {
    options: [{ title: "X", kind: "boleto" }],
  });
  assert.equal(bad.body.fields["options.0.kind"].code, "ERR_INVALID_OPTION");
});
