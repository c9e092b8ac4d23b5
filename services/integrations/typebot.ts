/**
 * The Typebot v1 chat API (issue 18 item 3; reference/protocols.md): `startChat` with the
 * customer's `number` and `pushName` prefilled, then `continueChat` with each answer, and
 * what Typebot says turned into WhatsApp messages: rich text as WhatsApp markdown, a choice
 * input as numbered lines, images, audio and video by their address, and `#{…}` texts as
 * commands for us (stop, transfer to a queue or a person), never shown to the customer.
 */
import type { OutboundFetch } from "../../lib/net/outbound.ts";
import { AppError } from "../../lib/http/errors.ts";

const CALL_TIMEOUT_MS = 15_000;

/** One thing Typebot said, as we send it. */
export type BotOutput =
  | { kind: "text"; text: string }
  | { kind: "media"; url: string; mediaKind: "image" | "audio" | "video" }
  | { kind: "command"; command: BotCommand };

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
}

interface RichNode {
  text?: string;
  type?: string;
  url?: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strikethrough?: boolean;
  children?: RichNode[];
}

interface TypebotMessage {
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
  input?: { type?: string; items?: { content?: string }[] };
}

/** Inline rich text as WhatsApp writes it: *bold*, _italic_, ~struck~, links with their URL. */
function inline(node: RichNode): string {
  if (node.text !== undefined) {
    let text = node.text;
    if (!text.trim()) return text;
    if (node.bold) text = `*${text}*`;
    if (node.italic) text = `_${text}_`;
    if (node.strikethrough || node.underline) text = `~${text}~`;
    return text;
  }
  const inner = (node.children ?? []).map(inline).join("");
  if (node.type === "a" && node.url) {
    return inner && inner !== node.url ? `${inner} (${node.url})` : node.url;
  }
  return inner;
}

/** Typebot's rich text (Slate blocks): one line per paragraph, list items with a dash. */
export function richTextToWhatsapp(blocks: readonly RichNode[]): string {
  return blocks.map((block) => {
    if (block.type === "ul" || block.type === "ol") {
      return (block.children ?? []).map((item, at) =>
        `${block.type === "ol" ? `${at + 1}.` : "-"} ${inline(item)}`
      ).join("\n");
    }
    return inline(block);
  }).join("\n").trim();
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

/** What one Typebot answer says, in order, and the choices it offers. */
export function outputsOf(answer: TypebotAnswer): { outputs: BotOutput[]; choices: string[] } {
  const outputs: BotOutput[] = [];
  for (const message of answer.messages ?? []) {
    const content = message.content ?? {};
    if (message.type === "text") {
      const text = content.richText
        ? richTextToWhatsapp(content.richText)
        : (content.markdown ?? "").trim();
      if (!text) continue;
      const command = commandOf(text);
      outputs.push(command ? { kind: "command", command } : { kind: "text", text });
    } else if (
      (message.type === "image" || message.type === "audio" || message.type === "video") &&
      content.url
    ) {
      outputs.push({ kind: "media", url: content.url, mediaKind: message.type });
    } else if (message.type === "embed" && content.url) {
      outputs.push({ kind: "text", text: content.url });
    }
  }
  const choices = answer.input?.type === "choice input"
    ? (answer.input.items ?? []).map((item) => (item.content ?? "").trim()).filter(Boolean)
    : [];
  if (choices.length > 0) {
    outputs.push({
      kind: "text",
      text: choices.map((choice, at) => `*${at + 1}* - ${choice}`).join("\n"),
    });
  }
  return { outputs, choices };
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

async function call(outbound: OutboundFetch, url: string, body: unknown): Promise<BotTurn> {
  const response = await outbound(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  }, { timeoutMs: CALL_TIMEOUT_MS });
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

export function startChat(
  outbound: OutboundFetch,
  target: TypebotTarget,
  customer: { number: string; pushName: string },
): Promise<BotTurn> {
  return call(
    outbound,
    `${root(target.baseUrl)}/api/v1/typebots/${encodeURIComponent(target.slug)}/startChat`,
    { prefilledVariables: { number: customer.number, pushName: customer.pushName } },
  );
}

export async function continueChat(
  outbound: OutboundFetch,
  target: TypebotTarget,
  sessionId: string,
  message: string,
): Promise<BotTurn> {
  const turn = await call(
    outbound,
    `${root(target.baseUrl)}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`,
    { message },
  );
  return { ...turn, sessionId: turn.sessionId || sessionId };
}
