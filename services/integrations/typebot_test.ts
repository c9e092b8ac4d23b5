/** Typebot's output as WhatsApp text (typebot.ts) and a webhook's reply (webhook.ts). */
import assert from "node:assert/strict";
import { answerFor, commandOf, outputsOf, richTextToWhatsapp } from "./typebot.ts";
import { replyOf } from "./webhook.ts";

Deno.test("typebot - rich text becomes WhatsApp markdown, one line per paragraph", () => {
  assert.equal(
    richTextToWhatsapp([
      {
        type: "p",
        children: [
          { text: "Olá " },
          { text: "Ana", bold: true },
          { text: ", veja " },
          { type: "a", url: "https://loja.example.com", children: [{ text: "a loja" }] },
        ],
      },
      {
        type: "p",
        children: [{ text: "antigo", strikethrough: true }, { text: " e " }, {
          text: "novo",
          italic: true,
        }],
      },
      { type: "ul", children: [{ children: [{ text: "um" }] }, { children: [{ text: "dois" }] }] },
    ]),
    "Olá *Ana*, veja a loja (https://loja.example.com)\n~antigo~ e _novo_\n- um\n- dois",
  );
});

Deno.test("typebot - #{json} texts are commands; anything else is text for the customer", () => {
  assert.deepEqual(commandOf('#{"queueId": 4, "userId": "7"}'), {
    stopBot: undefined,
    queueId: 4,
    userId: 7,
  });
  assert.deepEqual(commandOf('#{"stopBot":true}'), {
    stopBot: true,
    queueId: undefined,
    userId: undefined,
  });
  assert.equal(commandOf("#hashtag"), undefined);
  assert.equal(commandOf('#{"queueId":'), undefined);
  const { outputs, choices } = outputsOf({
    messages: [{ type: "text", content: { markdown: '#{"stopBot":true}' } }],
    input: { type: "choice input", items: [{ content: "Sim" }, { content: "Não" }] },
  });
  assert.equal(outputs[0]!.kind, "command");
  assert.deepEqual(choices, ["Sim", "Não"]);
  assert.equal(answerFor(" 2 ", choices), "Não");
  assert.equal(answerFor("3", choices), "3", "a number that is no choice goes as typed");
});

Deno.test("webhook - only the reply's known fields are taken, anything else is a receipt", () => {
  assert.deepEqual(replyOf('{"reply":"Oi","queueId":"3","close":true,"x":1}'), {
    reply: "Oi",
    queueId: 3,
    close: true,
  });
  assert.deepEqual(replyOf('{"reply":"  ","queueId":-1,"close":"yes"}'), {
    reply: undefined,
    queueId: undefined,
    close: undefined,
  });
  assert.deepEqual(replyOf("ok"), {});
  assert.deepEqual(replyOf("[1]"), {});
});
