/**
 * A local stand-in for Typebot's chat API v1, built from its reference
 * (https://docs.typebot.io/api-reference/chat/start-chat and …/continue-chat) and its
 * engine's source (github.com/baptisteArno/typebot.io: packages/bot-engine/src/apiHandlers/
 * continueChat.ts, saveStateToDatabase.ts, blocks/logic/wait/executeWait.ts,
 * blocks/logic/setVariable/executeSetVariable.ts): a small engine that walks a linear flow of
 * blocks the test writes.
 *
 * As Typebot does, it:
 * - answers `{sessionId, messages, input, clientSideActions}` (startChat) and
 *   `{messages, input, clientSideActions, lastMessageNewFormat}` (continueChat), every message
 *   with its block `id`, every client-side action with the `lastBubbleBlockId` it follows;
 * - stops at an input, and at a client-side action that `expectsDedicatedReply`: a pausing
 *   Wait block, or a Set variable block executed on the client, whose reply becomes the
 *   variable's value (a customer's text sent as that reply ends up in the variable);
 * - deletes the session when the flow ends (no input, no dedicated reply expected), after
 *   which `continueChat` answers 404 `Session not found.`;
 * - re-asks a choice input whose reply matches no item.
 * Every call is recorded; each finished flow leaves its variables in `results`.
 */

export type FlowBlock =
  | { text: string }
  | { richText: unknown[] }
  | { image: string }
  | { input: { variable: string } }
  | { choice: { variable: string; items: string[] } }
  | { wait: { seconds: number; pause?: boolean } }
  /** A Set variable block "executed on the client" (its code runs in the browser). */
  | { setVariableOnClient: { variable: string; code: string } };

export interface TypebotCall {
  path: string;
  body: Record<string, unknown>;
}

interface Session {
  publicId: string;
  flow: FlowBlock[];
  /** The block waiting for a reply (an input or a client-side action), by index. */
  at: number;
  variables: Record<string, unknown>;
}

export interface FakeTypebot {
  /** The flows by public id (the integration's slug). */
  flows: Record<string, FlowBlock[]>;
  calls: TypebotCall[];
  /** The variables of each flow that reached its end. */
  results: { publicId: string; variables: Record<string, unknown> }[];
  /** Live sessions by id. */
  sessions: Map<string, Session>;
  handle(path: string, body: Record<string, unknown>): Response;
}

const notFound = (message: string) =>
  Response.json({ message, code: "NOT_FOUND" }, { status: 404 });

/** `{{name}}` replaced as Typebot's parseVariables does: an unset variable is empty. */
const fill = (text: string, variables: Record<string, unknown>) =>
  text.replace(/\{\{([^{}]+)\}\}/g, (_, name: string) => {
    const value = variables[name.trim()];
    return value === undefined || value === null ? "" : String(value);
  });

/** The reply as the engine reads it: a string, or `{type: "text", text}`. */
function replyText(message: unknown): string | undefined {
  if (typeof message === "string") return message;
  if (message && typeof message === "object" && "text" in message) {
    return String((message as { text: unknown }).text);
  }
  return undefined;
}

function safeJsonParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createFakeTypebot(): FakeTypebot {
  let sessions = 0;
  const fake: FakeTypebot = {
    flows: {},
    calls: [],
    results: [],
    sessions: new Map(),
    handle(path, body) {
      fake.calls.push({ path, body });
      const start = /^\/api\/v1\/typebots\/([^/]+)\/startChat$/.exec(path);
      if (start) {
        const publicId = decodeURIComponent(start[1]!);
        const flow = fake.flows[publicId];
        if (!flow) return notFound("Typebot not found.");
        const prefilled = (body.prefilledVariables ?? {}) as Record<string, unknown>;
        const session: Session = { publicId, flow, at: -1, variables: { ...prefilled } };
        const sessionId = `tb-session-${++sessions}`;
        fake.sessions.set(sessionId, session);
        return Response.json({ sessionId, resultId: `result-${sessions}`, ...walk(sessionId, 0) });
      }
      const next = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(path);
      if (!next) return notFound("Not found.");
      const sessionId = decodeURIComponent(next[1]!);
      const session = fake.sessions.get(sessionId);
      if (!session) return notFound("Session not found.");
      const block = session.flow[session.at]!;
      const reply = replyText(body.message);
      if ("choice" in block) {
        const item = block.choice.items.find((choice) =>
          choice.toLowerCase() === reply?.trim().toLowerCase()
        );
        if (!item) {
          return Response.json({
            messages: [{
              id: `retry-${session.at}`,
              type: "text",
              content: {
                type: "richText",
                richText: [{
                  type: "p",
                  children: [{ text: "Invalid message. Please, try again." }],
                }],
              },
            }],
            input: inputOf(block, session.at),
          });
        }
        session.variables[block.choice.variable] = item;
        return Response.json({ ...walk(sessionId, session.at + 1), lastMessageNewFormat: item });
      }
      if ("input" in block) {
        if (reply === undefined) {
          return Response.json({ messages: [], input: inputOf(block, session.at) });
        }
        session.variables[block.input.variable] = reply;
      }
      if ("setVariableOnClient" in block && reply !== undefined) {
        session.variables[block.setVariableOnClient.variable] = safeJsonParse(reply);
      }
      // A pausing wait resumes with any reply, which is dropped.
      return Response.json(walk(sessionId, session.at + 1));
    },
  };

  function inputOf(block: FlowBlock, at: number) {
    if ("choice" in block) {
      return {
        id: `block-${at}`,
        type: "choice input",
        items: block.choice.items.map((content, i) => ({ id: `item-${at}-${i}`, content })),
        options: {},
      };
    }
    return { id: `block-${at}`, type: "text input", options: {} };
  }

  /** Runs the flow from block `from` to the next stop, as the engine's executeGroup does. */
  function walk(sessionId: string, from: number) {
    const session = fake.sessions.get(sessionId)!;
    const messages: Record<string, unknown>[] = [];
    const clientSideActions: Record<string, unknown>[] = [];
    let lastBubbleBlockId: string | undefined;
    for (let at = from; at < session.flow.length; at++) {
      const block = session.flow[at]!;
      const id = `block-${at}`;
      if ("text" in block || "richText" in block) {
        const richText = "text" in block
          ? [{ type: "p", children: [{ text: fill(block.text, session.variables) }] }]
          : JSON.parse(fill(JSON.stringify(block.richText), session.variables));
        messages.push({ id, type: "text", content: { type: "richText", richText } });
        lastBubbleBlockId = id;
      } else if ("image" in block) {
        messages.push({ id, type: "image", content: { url: block.image } });
        lastBubbleBlockId = id;
      } else if ("wait" in block) {
        clientSideActions.push({
          type: "wait",
          wait: { secondsToWaitFor: block.wait.seconds },
          expectsDedicatedReply: block.wait.pause,
          lastBubbleBlockId,
        });
        if (block.wait.pause) {
          session.at = at;
          return { messages, clientSideActions };
        }
      } else if ("setVariableOnClient" in block) {
        clientSideActions.push({
          type: "setVariable",
          setVariable: {
            scriptToExecute: { content: block.setVariableOnClient.code, args: [], isCode: true },
          },
          expectsDedicatedReply: true,
          lastBubbleBlockId,
        });
        session.at = at;
        return { messages, clientSideActions };
      } else {
        session.at = at;
        return { messages, input: inputOf(block, at), clientSideActions };
      }
    }
    // The end: Typebot keeps the result and deletes the session.
    fake.results.push({ publicId: session.publicId, variables: session.variables });
    fake.sessions.delete(sessionId);
    return { messages, clientSideActions };
  }

  return fake;
}
