/**
 * The queue chatbot (core §3, admin §3, issue 17 item 2), as an inbound hook: for a waiting
 * ticket with no agent, on a connection with queues, it greets, offers the queues, then the
 * chosen queue's options tree, and hands the ticket to the queue. Its state lives on the
 * ticket (queue_option_id, bot_rounds, bot_spoke_at, out_of_hours_at), so a restart or a
 * second instance carries on where it was.
 *
 * - One queue: the ticket joins it at once (with the connection's greeting when
 *   sendGreetingMessageOneQueues is on). Several: the greeting and a numbered list.
 * - A wrong answer repeats the menu under an "invalid option" line; `#` goes back to the main
 *   menu, `0` to the previous level. `maxUseBotQueues` menus without progress, and
 *   `timeUseBotQueues` minutes of quiet after the bot spoke, keep it silent: the ticket waits
 *   for a person.
 * - A leaf of the tree ends the bot; a leaf naming a queue moves the ticket there. A
 *   "segunda via" leaf first asks for a CPF/CNPJ and answers the open bills (billing_turn.ts).
 * - Out of hours (scheduleType company or queue) it says so once per closed stretch and the
 *   ticket stays waiting.
 */
import { createT, DEFAULT_LANG } from "../../lib/i18n/mod.ts";
import { type CompanyOptions, companyOptions } from "../settings/company_options.ts";
import {
  enterQueue,
  handToQueue,
  type InboundMessage,
  leaveQueue,
  markBotTurn,
  markOutOfHours,
  sendSystemMessage,
  setBotOption,
} from "../tickets/mod.ts";
import { billingAnswer } from "./billing_turn.ts";
import { isOpen, openedBetween } from "./hours.ts";
import {
  type BotOption,
  type BotQueue,
  botQueue,
  childrenOf,
  connectionQueues,
  queueTree,
} from "./menu_data.ts";
import { chosen, menuText } from "./menus.ts";
import { type FlowConnection, type FlowDeps, type FlowTicket, recipientOf } from "./state.ts";

const t = createT(DEFAULT_LANG);

interface Turn {
  deps: FlowDeps;
  ticket: FlowTicket;
  connection: FlowConnection;
  options: CompanyOptions;
  text: string;
  now: Date;
}

/** Runs the chatbot for a customer's message on a waiting ticket without an agent. */
export async function chatbotTurn(
  deps: FlowDeps,
  ticket: FlowTicket,
  received: InboundMessage,
): Promise<void> {
  const connection = ticket.connection;
  if (!connection || ticket.status !== "pending" || ticket.userId !== null) return;
  const turn: Turn = {
    deps,
    ticket,
    connection,
    options: await companyOptions(deps.db, ticket.companyId),
    text: received.message.body.trim(),
    now: deps.clock.now(),
  };
  if (
    await closedNow(
      turn,
      ticket.queueId === null ? null : await botQueue(
        deps.db,
        ticket.companyId,
        ticket.queueId,
      ),
    )
  ) return;
  if (ticket.queueId !== null) {
    if (ticket.chatbot) await walkOptions(turn, ticket.queueId);
    return;
  }
  const queues = await connectionQueues(deps.db, ticket.companyId, connection.id);
  if (queues.length === 0) {
    // A connection without queues only greets, once, when the conversation starts.
    if (received.created) await say(turn, connection.greetingMessage);
    return;
  }
  if (queues.length === 1) {
    const greet = turn.options.sendGreetingMessageOneQueues === "enabled";
    return await joinQueue(turn, queues[0]!, greet);
  }
  const choice = ticket.botRounds > 0 && turn.text !== "#" ? chosen(queues, turn.text) : undefined;
  if (choice) return await joinQueue(turn, choice, false);
  await mainMenu(turn, queues, ticket.botRounds > 0 && turn.text !== "#");
}

/**
 * Out of hours for the schedule in force: the notice once per closed stretch, and true
 * (nothing else happens). Queue hours apply once the ticket is in a queue.
 */
async function closedNow(turn: Turn, queue: BotQueue | undefined | null): Promise<boolean> {
  const { scheduleType } = turn.options;
  const week = scheduleType === "company"
    ? turn.ticket.companySchedules
    : scheduleType === "queue" && queue
    ? queue.schedules
    : null;
  if (!week || isOpen(week, turn.now)) return false;
  const noticed = turn.ticket.outOfHoursAt;
  if (noticed && !openedBetween(week, noticed, turn.now)) return true;
  const notice = scheduleType === "company"
    ? turn.connection.outOfHoursMessage
    : queue?.outOfHoursMessage || turn.connection.outOfHoursMessage;
  await markOutOfHours(turn.deps.db, turn.ticket.companyId, turn.ticket.id, turn.now);
  turn.ticket.outOfHoursAt = turn.now;
  await say(turn, notice);
  return true;
}

/** Whether the bot may send another menu without progress (maxUseBotQueues, timeUseBotQueues). */
function mayRepeat(turn: Turn): boolean {
  const { ticket, connection, now } = turn;
  if (ticket.botRounds === 0) return true;
  if (connection.maxUseBotQueues > 0 && ticket.botRounds >= connection.maxUseBotQueues) {
    return false;
  }
  const quietMs = connection.timeUseBotQueues * 60_000;
  return !(quietMs > 0 && ticket.botSpokeAt &&
    now.getTime() < ticket.botSpokeAt.getTime() + quietMs);
}

/** A menu without progress: counted, and only when allowed. */
async function sendMenu(turn: Turn, text: string, media?: { path: string; name: string } | null) {
  if (!mayRepeat(turn)) return;
  await markBotTurn(turn.deps.db, turn.ticket.companyId, turn.ticket.id, turn.now);
  await say(turn, text, media);
}

async function mainMenu(turn: Turn, queues: BotQueue[], invalid: boolean) {
  await sendMenu(
    turn,
    menuText(t, { intro: turn.connection.greetingMessage, choices: queues, invalid }),
  );
}

/** The ticket joins `queue` (announced live, tracked), then the queue's greeting or its menu. */
async function joinQueue(turn: Turn, queue: BotQueue, greetFirst: boolean) {
  const { deps, ticket } = turn;
  const tree = await queueTree(deps.db, ticket.companyId, queue.id);
  const moved = await enterQueue(deps, ticket.companyId, ticket.id, {
    queueId: queue.id,
    chatbot: tree.length > 0,
    now: turn.now,
  });
  if (!moved) return;
  Object.assign(ticket, { queueId: queue.id, chatbot: tree.length > 0, botRounds: 0 });
  if (greetFirst) await say(turn, turn.connection.greetingMessage);
  if (await closedNow(turn, queue)) return;
  if (tree.length === 0) {
    await say(turn, queue.greetingMessage, queue.media);
    return;
  }
  await say(turn, levelText(queue, tree, null, false), queue.media);
}

function levelText(
  queue: BotQueue,
  tree: BotOption[],
  nodeId: number | null,
  invalid: boolean,
): string {
  const node = nodeId === null ? undefined : tree.find((option) => option.id === nodeId);
  return menuText(t, {
    intro: node ? node.message || node.title : queue.greetingMessage,
    choices: childrenOf(tree, nodeId),
    back: node !== undefined,
    home: true,
    invalid,
  });
}

/** A customer's answer inside the queue's options tree. */
async function walkOptions(turn: Turn, queueId: number) {
  const { deps, ticket } = turn;
  const queue = await botQueue(deps.db, ticket.companyId, queueId);
  if (!queue) return;
  const tree = await queueTree(deps.db, ticket.companyId, queueId);
  const current = tree.find((option) => option.id === ticket.queueOptionId) ?? null;
  if (turn.text === "#") return await backHome(turn, queue, tree);
  if (turn.text === "0" && current) {
    await moveTo(turn, current.parentId);
    return await say(turn, levelText(queue, tree, current.parentId, false));
  }
  if (current?.kind === "billing") return await billingTurn(turn, queueId, current);
  const choice = chosen(childrenOf(tree, current?.id ?? null), turn.text);
  if (!choice) {
    return await sendMenu(turn, levelText(queue, tree, current?.id ?? null, true));
  }
  if (childrenOf(tree, choice.id).length > 0) {
    await moveTo(turn, choice.id);
    return await say(turn, levelText(queue, tree, choice.id, false), choice.media);
  }
  if (choice.kind === "billing") {
    // The bot stays on the option: the next message is the CPF/CNPJ.
    await moveTo(turn, choice.id);
    return await say(turn, choice.message || t("automation.billingAsk"), choice.media);
  }
  // A leaf: its message, then a person takes over (in the queue it names, if any).
  await say(turn, choice.message, choice.media);
  await endAtLeaf(turn, queueId, choice);
}

/** The customer's CPF/CNPJ on a "segunda via" option: asked again, or answered and ended. */
async function billingTurn(turn: Turn, queueId: number, option: BotOption) {
  const answer = await billingAnswer(turn.deps, t, turn.ticket.companyId, turn.text);
  // Asking again counts as a menu round: maxUseBotQueues ends a loop of wrong numbers.
  if (!answer.done) return await sendMenu(turn, answer.text);
  await say(turn, answer.text);
  await endAtLeaf(turn, queueId, option);
}

/** The bot's part ends at a leaf: the ticket waits for a person, in the queue it names. */
async function endAtLeaf(turn: Turn, queueId: number, choice: BotOption) {
  const { deps, ticket } = turn;
  const target = choice.forwardQueueId ?? queueId;
  await handToQueue(deps, ticket.companyId, ticket.id, { queueId: target, now: turn.now });
}

/** `#`: back to the connection's main menu (or the only queue's first level). */
async function backHome(turn: Turn, queue: BotQueue, tree: BotOption[]) {
  const { deps, ticket, connection } = turn;
  const queues = await connectionQueues(deps.db, ticket.companyId, connection.id);
  if (queues.length <= 1) {
    await moveTo(turn, null);
    return await sendMenu(turn, levelText(queue, tree, null, false));
  }
  await leaveQueue(deps, ticket.companyId, ticket.id);
  await mainMenu(turn, queues, false);
}

async function moveTo(turn: Turn, optionId: number | null) {
  await setBotOption(turn.deps.db, turn.ticket.companyId, turn.ticket.id, optionId, turn.now);
}

/** One message of the bot: the text (variables filled in), then the media, if any. */
async function say(turn: Turn, text: string, media?: { path: string; name: string } | null) {
  const to = recipientOf(turn.ticket);
  await sendSystemMessage(turn.deps, turn.ticket.companyId, to, text, { now: turn.now });
  if (media) {
    await sendSystemMessage(turn.deps, turn.ticket.companyId, to, "", { now: turn.now, media });
  }
}
