import "../helpers/dom.ts";
import assert from "node:assert/strict";
import { cleanup, render, screen, within } from "@testing-library/preact";
import PromptsManager from "../../islands/PromptsManager.tsx";
import { sql } from "../../lib/db/mod.ts";
import { initClientI18n } from "../../lib/i18n/client.ts";
import { i18nClientData } from "../../lib/i18n/mod.ts";
import { clearToasts } from "../../lib/ui/toast.ts";
import { createTestCompany, createTestUser } from "../helpers/accounts.ts";
import { callerFor } from "../helpers/api_client.ts";
import { actAs } from "../helpers/island_backend.ts";
import { openRealtimeTestApp } from "../helpers/realtime_app.ts";
import { until } from "../helpers/until.ts";

Deno.test("PromptsManager: the provider's last refusal shows under the prompt's name, in its words", async () => {
  initClientI18n(i18nClientData("pt-BR", ["prompts"]));
  const dataDir = await Deno.makeTempDir({ prefix: "balcao-prompts-island-" });
  const env = await openRealtimeTestApp({ DATA_DIR: dataDir });
  const companyId = await createTestCompany(env.db);
  const admin = await callerFor(
    env.app,
    env.jwtKey,
    await createTestUser(env.db, companyId, { profile: "admin" }),
  );
  const queue = await env.db.one<{ id: number }>(sql`insert into queues (company_id, name, color)
    values (${companyId}, 'Vendas', '#00aa00') returning id`);
  for (const name of ["Vendedora", "Suporte"]) {
    await admin.json("POST", "/api/prompt", {
      name,
      prompt: "Você atende a Loja.",
      apiKey: "sk-island-key-00000001",
      queueId: queue.id,
    });
  }
  // What the agent notes when OpenAI refuses the call (services/prompts/agent.ts).
  await env.db.run(sql`update prompts
    set last_error = 'OpenAI 401: Incorrect API key provided: sk-isla************0001.',
        last_error_at = now()
    where company_id = ${companyId} and name = 'Vendedora'`);
  await env.db.run(sql`update prompts
    set last_error = 'cut', last_error_code = 'ERR_PROMPT_ANSWER_CUT', last_error_at = now()
    where company_id = ${companyId} and name = 'Suporte'`);
  const backend = actAs(env, admin);
  try {
    render(<PromptsManager companyId={companyId} />);
    await backend.ready;
    await until(() => screen.getByText("Vendedora"));
    const rows = screen.getAllByRole("row");
    const support = within(rows[1]!).getByTestId("prompt-error").textContent ?? "";
    assert.match(support, /^O provedor recusou a última chamada \(.+\): O modelo gastou/);
    const seller = within(rows[2]!).getByTestId("prompt-error").textContent ?? "";
    assert.match(seller, /: OpenAI 401: Incorrect API key provided: sk-isla\*+0001\.$/);
  } finally {
    cleanup();
    clearToasts();
    backend.stop();
    await env.close();
    await Deno.remove(dataDir, { recursive: true });
  }
});
