/**
 * The Typebot v1 chat API (issue 18 item 3; https://docs.typebot.io/api-reference and the
 * engine, github.com/baptisteArno/typebot.io packages/bot-engine): `startChat` with the
 * customer's `number` and `pushName` prefilled, then `continueChat` with each answer, and
 * what Typebot says turned into WhatsApp messages: rich text as WhatsApp markdown
 * (typebot_rich_text.ts), a choice input as numbered lines, images, audio and video by their
 * address, and `#{…}` texts as commands for us (stop, transfer to a queue or a person),
 * never shown to the customer.
 *
 * Client-side actions are played as Typebot's own WhatsApp runtime plays them: each after the
 * message its `lastBubbleBlockId` names (before all of them without one). A Wait holds the
 * messages after it back; a redirect is sent as its address. An action that
 * `expectsDedicatedReply` stops the flow until it is answered: a pausing Wait after its
 * seconds, a Set variable "executed on the client" at once and without a value (its script
 * is the browser's; over WhatsApp nothing runs it), so a customer's text never lands in it.
 * A turn without an input and without such an action is the flow's end: Typebot deletes the
 * session then, and a `continueChat` on it answers 404.
 */
import type { OutboundFetch } from "../../lib/net/outbound.ts";
import { AppError } from "../../lib/http/errors.ts";
import { type RichNode, richTextToWhatsapp } from "./typebot_rich_text.ts";

const CALL_TIMEOUT_MS = 15_000;

/** Waits longer than this are cut to it: a conversation is not held for hours. */
export const MAX_WAIT_SECONDS = 600;

/** One thing Typebot said, as we send it, or a pause between two of them. */
export type BotOutput =
  | { kind: "text"; text: string }
  | { kind: "media"; url: string; mediaKind: "image" | "audio" | "video" }
  | { kind: "command"; command: BotCommand }
  | { kind: "wait"; seconds: number };

/** A `#{json}` control message (the anchor's format). */
export interface BotCommand {
  stopBot?: boolean;
  queueId?: number;
  userId?: number;
}

export interface BotTurn {
  sessionId: string;
  outputs: BotOutput[];
  /** The labels of the choice input offered, in order ("2" answers the second). */
  choices: string[];
  /** The flow waits for an answer that is not the customer's: continue after these seconds. */
  resumeAfter?: number;
  /** The flow is over and Typebot deleted its session: the next message starts a new one. */
  ended: boolean;
  /** Typebot said nothing at all and asks nothing. */
  silent: boolean;
}

interface ClientSideAction {
  type?: string;
  lastBubbleBlockId?: string;
  expectsDedicatedReply?: boolean;
  wait?: { secondsToWaitFor?: number; shouldPause?: boolean };
  redirect?: { url?: string };
  /** A Set variable block's script, for the browser to run: not run here. */
  setVariable?: unknown;
}

interface TypebotMessage {
  id?: string;
  type?: string;
  content?: {
    type?: string;
    richText?: RichNode[];
    markdown?: string;
    url?: string;
  };
}

interface TypebotAnswer {
  sessionId?: string;
  messages?: TypebotMessage[];
  input?: { id?: string; type?: string; items?: { content?: string }[] };
  clientSideActions?: ClientSideAction[];
}

/** A `#{…}` text as a command, or undefined when it is text for the customer. */
export function commandOf(text: string): BotCommand | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith("#{")) return undefined;
  try {
    const json = JSON.parse(trimmed.slice(1));
    if (typeof json !== "object" || json === null || Array.isArray(json)) return undefined;
    const id = (value: unknown) => {
      const number = Number(value);
      return Number.isInteger(number) && number > 0 ? number : undefined;
    };
    return {
      stopBot: json.stopBot === true || json.stopBot === "true" || undefined,
      queueId: id(json.queueId),
      userId: id(json.userId),
    };
  } catch {
    return undefined;
  }
}

/** One message as we send it, or nothing for what WhatsApp cannot show. */
function outputOf(message: TypebotMessage): BotOutput | undefined {
  const content = message.content ?? {};
  if (message.type === "text") {
    const text = content.richText
      ? richTextToWhatsapp(content.richText)
      : (content.markdown ?? "").trim();
    if (!text) return undefined;
    const command = commandOf(text);
    return command ? { kind: "command", command } : { kind: "text", text };
  }
  if (
    (message.type === "image" || message.type === "audio" || message.type === "video") &&
    content.url
  ) {
    return { kind: "media", url: content.url, mediaKind: message.type };
  }
  if (message.type === "embed" && content.url) return { kind: "text", text: content.url };
  return undefined;
}

const secondsOf = (action: ClientSideAction) => {
  const seconds = Number(action.wait?.secondsToWaitFor ?? 0);
  return Number.isFinite(seconds) ? Math.min(Math.max(seconds, 0), MAX_WAIT_SECONDS) : 0;
};

const pauses = (action: ClientSideAction) =>
  action.expectsDedicatedReply === true || action.wait?.shouldPause === true;

/** What a client-side action does here: hold the next messages, or send an address. */
function actionOutputs(action: ClientSideAction): BotOutput[] {
  if (action.wait && !pauses(action)) {
    const seconds = secondsOf(action);
    return seconds > 0 ? [{ kind: "wait", seconds }] : [];
  }
  if (action.redirect?.url) return [{ kind: "text", text: action.redirect.url }];
  return [];
}

/**
 * What one Typebot answer says, in order, the client-side actions among the messages, the
 * choices it offers, and whether the flow waits for a dedicated answer or is over.
 */
export function outputsOf(answer: TypebotAnswer): Omit<BotTurn, "sessionId"> {
  const messages = answer.messages ?? [];
  const actions = answer.clientSideActions ?? [];
  const ids = new Set(messages.map((message) => message.id).filter(Boolean));
  const actionsAfter = (id: string | undefined) =>
    actions.filter((action) =>
      id === undefined ? action.lastBubbleBlockId === undefined : action.lastBubbleBlockId === id
    ).flatMap(actionOutputs);
  const outputs: BotOutput[] = [...actionsAfter(undefined)];
  for (const message of messages) {
    const output = outputOf(message);
    if (output) outputs.push(output);
    if (message.id) outputs.push(...actionsAfter(message.id));
  }
  // An action after a bubble we were not given still happens, after what we have.
  outputs.push(
    ...actions.filter((action) =>
      action.lastBubbleBlockId !== undefined && !ids.has(action.lastBubbleBlockId)
    ).flatMap(actionOutputs),
  );
  const choices = answer.input?.type === "choice input"
    ? (answer.input.items ?? []).map((item) => (item.content ?? "").trim()).filter(Boolean)
    : [];
  if (choices.length > 0) {
    outputs.push({
      kind: "text",
      text: choices.map((choice, at) => `*${at + 1}* - ${choice}`).join("\n"),
    });
  }
  const pausing = actions.find(pauses);
  const resumeAfter = pausing ? (pausing.wait ? secondsOf(pausing) : 0) : undefined;
  return {
    outputs,
    choices,
    resumeAfter,
    ended: !answer.input && resumeAfter === undefined,
    silent: messages.length === 0 && !answer.input && actions.length === 0,
  };
}

/** The customer's answer as Typebot expects it: "2" picks the second choice offered. */
export function answerFor(text: string, choices: readonly string[]): string {
  const picked = /^\s*(\d{1,2})\s*$/.exec(text);
  const index = picked ? Number(picked[1]) - 1 : -1;
  return choices[index] ?? text;
}

export interface TypebotTarget {
  /** The Typebot viewer's address (the integration's url). */
  baseUrl: string;
  /** The typebot's public id (the integration's slug). */
  slug: string;
}

/** Typebot's answer for a session it no longer has (ended, expired, deleted). */
const SESSION_GONE = 404;

async function call(
  outbound: OutboundFetch,
  url: string,
  body: unknown,
): Promise<BotTurn | undefined> {
  const response = await outbound(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  }, { timeoutMs: CALL_TIMEOUT_MS });
  if (response.status === SESSION_GONE && url.endsWith("/continueChat")) return undefined;
  if (response.status < 200 || response.status >= 300) {
    throw new AppError("ERR_INTEGRATION_PROVIDER", 502, {
      reason: `typebot: HTTP ${response.status}`,
    });
  }
  let answer: TypebotAnswer;
  try {
    answer = response.json() as TypebotAnswer;
  } catch {
    throw new AppError("ERR_INTEGRATION_PROVIDER", 502, { reason: "typebot: not JSON" });
  }
  return { sessionId: String(answer.sessionId ?? ""), ...outputsOf(answer) };
}

const root = (baseUrl: string) => baseUrl.replace(/\/+$/, "");

export async function startChat(
  outbound: OutboundFetch,
  target: TypebotTarget,
  customer: { number: string; pushName: string },
): Promise<BotTurn> {
  const turn = await call(
    outbound,
    `${root(target.baseUrl)}/api/v1/typebots/${encodeURIComponent(target.slug)}/startChat`,
    { prefilledVariables: { number: customer.number, pushName: customer.pushName } },
  );
  if (!turn?.sessionId) {
    throw new AppError("ERR_INTEGRATION_PROVIDER", 502, { reason: "typebot: no session" });
  }
  return turn;
}

/**
 * The next turn: `message` answers the input asked; without one, the flow goes on past the
 * action it waited on. Undefined when Typebot no longer has the session (it ended).
 */
export async function continueChat(
  outbound: OutboundFetch,
  target: TypebotTarget,
  sessionId: string,
  message: string | undefined,
): Promise<BotTurn | undefined> {
  const turn = await call(
    outbound,
    `${root(target.baseUrl)}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`,
    message === undefined ? {} : { message },
  );
  return turn && { ...turn, sessionId: turn.sessionId || sessionId };
}
