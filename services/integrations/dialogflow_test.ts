/** What Dialogflow ES takes and answers (dialogflow.ts), against its reference's rules. */
import assert from "node:assert/strict";
import { answerOf, fitText, TEXT_LIMIT } from "./dialogflow.ts";

Deno.test("dialogflow - a text over 256 characters is cut at a word; a short one is kept", () => {
  assert.equal(fitText("  Oi, tudo bem?  "), "Oi, tudo bem?");
  const long = "palavra ".repeat(40);
  const cut = fitText(long);
  assert.ok([...cut].length <= TEXT_LIMIT);
  assert.ok(cut.endsWith("palavra"), "no word is split");
  // Counted in characters, not UTF-16 units: 300 emoji are cut to 256 of them.
  assert.equal([...fitText("😀".repeat(300))].length, TEXT_LIMIT);
  assert.equal([...fitText("x".repeat(300))].length, TEXT_LIMIT);
});

Deno.test("dialogflow - the default platform's messages are sent, not the other platforms' copies", () => {
  assert.deepEqual(
    answerOf({
      queryResult: {
        fulfillmentText: "Oi",
        fulfillmentMessages: [
          { text: { text: ["Oi"] } },
          { platform: "PLATFORM_UNSPECIFIED", text: { text: ["Como ajudo?"] } },
          { platform: "FACEBOOK", text: { text: ["Oi"] } },
          { platform: "TELEGRAM", text: { text: ["Oi do Telegram"] } },
        ],
        intent: { endInteraction: true },
      },
    }),
    { texts: ["Oi", "Como ajudo?"], end: true },
  );
  assert.deepEqual(
    answerOf({
      queryResult: {
        fulfillmentText: "Só o texto",
        fulfillmentMessages: [{ platform: "SLACK", text: { text: ["Slack"] } }],
      },
    }),
    { texts: ["Só o texto"], end: false },
  );
});
