/** Typebot's output as WhatsApp text (typebot.ts) and a webhook's reply (webhook.ts). */
import assert from "node:assert/strict";
import { answerFor, commandOf, outputsOf } from "./typebot.ts";
import { richTextToWhatsapp } from "./typebot_rich_text.ts";
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

Deno.test("typebot - WhatsApp marks as Typebot's converter writes them: no strike for underline, spaces outside", () => {
  assert.equal(
    richTextToWhatsapp([{
      type: "p",
      children: [
        { text: "Olá " },
        { text: "Ana ", bold: true },
        { text: "veja", underline: true },
        { text: " " },
        { text: " tudo ", bold: true, italic: true },
        { text: "hoje", strikethrough: true, underline: true },
      ],
    }]),
    "Olá *Ana* veja  *_tudo_* ~hoje~",
  );
  assert.equal(
    richTextToWhatsapp([
      { type: "p", children: [{ text: "Olá" }] },
      { type: "p", children: [{ text: "" }] },
      { type: "p", children: [{ text: "   ", bold: true }, { text: "Mundo" }] },
    ]),
    "Olá\n\n   Mundo",
    "an empty paragraph is an empty line; a bold run of spaces gets no markers",
  );
});

Deno.test("typebot - nested lists are indented under their item, numbered lists numbered", () => {
  const item = (text: string, ...nested: unknown[]) => ({
    type: "li",
    children: [{ type: "lic", children: [{ text }] }, ...nested],
  });
  assert.equal(
    richTextToWhatsapp([
      { type: "p", children: [{ text: "Planos:" }] },
      {
        type: "ul",
        children: [
          item("Fibra", { type: "ol", children: [item("100 MB"), item("500 MB")] }),
          item("Rádio", {
            type: "ul",
            children: [item("Rural", { type: "ul", children: [item("10 MB")] })],
          }),
        ],
      },
    ] as never),
    "Planos:\n- Fibra\n  1. 100 MB\n  2. 500 MB\n- Rádio\n  - Rural\n    - 10 MB",
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

Deno.test("typebot - client-side actions sit after the bubble they name; a dedicated reply pauses, no input ends", () => {
  const text = (id: string, words: string) => ({
    id,
    type: "text",
    content: { richText: [{ type: "p", children: [{ text: words }] }] },
  });
  const turn = outputsOf({
    messages: [text("m1", "Um"), text("m2", "Dois")],
    clientSideActions: [
      { type: "wait", wait: { secondsToWaitFor: 3 }, lastBubbleBlockId: "m1" },
      { type: "wait", wait: { secondsToWaitFor: 1 } },
      { type: "redirect", redirect: { url: "https://loja.example.com" }, lastBubbleBlockId: "m2" },
      { type: "wait", wait: { secondsToWaitFor: 20, shouldPause: true }, lastBubbleBlockId: "m2" },
    ],
  });
  assert.deepEqual(turn.outputs, [
    { kind: "wait", seconds: 1 },
    { kind: "text", text: "Um" },
    { kind: "wait", seconds: 3 },
    { kind: "text", text: "Dois" },
    { kind: "text", text: "https://loja.example.com" },
  ]);
  assert.deepEqual([turn.resumeAfter, turn.ended, turn.silent], [20, false, false]);
  const clientScript = outputsOf({
    messages: [],
    clientSideActions: [{
      type: "setVariable",
      setVariable: { scriptToExecute: { content: "return 1", args: [] } },
      expectsDedicatedReply: true,
    }],
  });
  assert.deepEqual([clientScript.resumeAfter, clientScript.ended], [0, false]);
  const end = outputsOf({ messages: [text("m9", "Tchau")] });
  assert.deepEqual([end.ended, end.silent], [true, false]);
  const asking = outputsOf({ messages: [], input: { type: "text input" } });
  assert.deepEqual([asking.outputs, asking.ended, asking.silent], [[], false, false]);
  assert.deepEqual(outputsOf({ messages: [] }).silent, true);
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
