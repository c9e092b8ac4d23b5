/**
 * The reply box (core §2 message input): up to 5 rows (Enter sends, Shift+Enter breaks the
 * line), "/" quick replies, the variables picker, emoji, files, voice notes, the reply-to
 * bar and the signature switch (on by default, remembered on this device). Blank text is
 * never sent.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { PaperclipIcon, XIcon } from "../../components/icons.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { cx } from "../../components/ui/cx.ts";
import { api, errorMessage } from "../../lib/client/api.ts";
import { useT } from "../../lib/i18n/client.ts";
import { pushToast } from "../../lib/ui/toast.ts";
import type { Message } from "../../services/tickets/rows.ts";
import { type Recording, startRecording } from "./audio_recorder.ts";
import { BracesIcon, MicIcon, SendIcon, SmileIcon } from "./icons.tsx";
import { moveHighlight, type QuickReply, suggestionsFor } from "./quick_replies.ts";
import { QUICK_REPLY_LIST_ID, QuickReplyMenu, quickReplyOptionId } from "./QuickReplyMenu.tsx";
import { ownMediaAddress } from "../../lib/client/media_url.ts";
import { focusForKeyboard, useTicketCommand } from "./shortcuts.ts";

const MAX_ROWS = 5;
const SIGN_KEY = "signMessages";
const VARIABLES = ["firstName", "name", "ms", "protocol", "hora"] as const;
const EMOJI = [..."😀😂😊😍🙏👍👏🙌🎉❤️😉😅🤔😢😮😎🔥✅⭐📦🚚💳📅⏰📍📞✉️🛒💬👋"];

export interface MessageInputProps {
  ticketId: number;
  /** Why sending is off (a waiting or resolved ticket), or null. */
  blockedReason: string | null;
  replyTo: Message | null;
  onCancelReply: () => void;
  onSent: (messages: Message[]) => void;
}

let quickReplies: Promise<QuickReply[]> | null = null;

function readSign(): boolean {
  try {
    return localStorage.getItem(SIGN_KEY) !== "false";
  } catch {
    return true;
  }
}

export function MessageInput(props: MessageInputProps) {
  const t = useT();
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [sign, setSign] = useState(true);
  const [sending, setSending] = useState(false);
  const [menu, setMenu] = useState<"variables" | "emoji" | null>(null);
  const [replies, setReplies] = useState<QuickReply[]>([]);
  const [highlight, setHighlight] = useState(0);
  /** The text the suggestions were closed for (Escape); typing on opens them again. */
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const [recording, setRecording] = useState<{ rec: Recording; since: number } | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const box = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);

  useEffect(() => setSign(readSign()), []);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    element.style.height = "auto";
    const line = parseFloat(getComputedStyle(element).lineHeight) || 20;
    element.style.height = `${Math.min(element.scrollHeight, line * MAX_ROWS + 16)}px`;
  }, [text]);
  useEffect(() => {
    if (!recording) return;
    const timer = setInterval(
      () => setElapsed(Math.floor((Date.now() - recording.since) / 1000)),
      500,
    );
    return () => clearInterval(timer);
  }, [recording]);
  useEffect(() => {
    if (props.replyTo) box.current?.focus();
  }, [props.replyTo]);
  useEffect(() => setHighlight(0), [text]);
  // Opening or accepting a ticket puts the cursor in the reply box, ready to type.
  useEffect(() => {
    if (!props.blockedReason) focusForKeyboard(box.current);
  }, [props.blockedReason]);
  useTicketCommand((command) => {
    if (command === "reply") box.current?.focus();
  });
  const wantsSuggestions = text.startsWith("/");
  useEffect(() => {
    if (!wantsSuggestions) return;
    quickReplies ??= api<QuickReply[]>("/api/quick-messages/list").catch(() => {
      quickReplies = null;
      return [];
    });
    void quickReplies.then(setReplies);
  }, [wantsSuggestions]);

  function toggleSign() {
    const next = !sign;
    setSign(next);
    try {
      localStorage.setItem(SIGN_KEY, String(next));
    } catch { /* storage blocked: the choice lasts for this page */ }
  }

  function insert(snippet: string) {
    const element = box.current;
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + snippet + text.slice(end));
    setMenu(null);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + snippet.length, start + snippet.length);
    });
  }

  /** Puts the reply's text in the box and its attachment among the files to send. */
  async function chooseReply(reply: QuickReply) {
    setText(reply.message);
    box.current?.focus();
    const address = ownMediaAddress(reply.mediaPath ?? null);
    if (!address) return;
    try {
      const response = await fetch(address, { credentials: "same-origin" });
      if (!response.ok) throw new Error(String(response.status));
      const blob = await response.blob();
      const name = reply.mediaName || address.split("/").pop()!.split("?")[0]!;
      setFiles((current) => [...current, new File([blob], name, { type: blob.type })]);
    } catch {
      pushToast({ tone: "error", messageKey: "tickets.quickReplyMediaError" });
    }
  }

  async function send(extra: File[] = []) {
    const body = text.trim();
    const all = [...files, ...extra];
    if (!body && all.length === 0) return;
    setSending(true);
    try {
      const quotedMsgId = props.replyTo?.id;
      let request: unknown;
      if (all.length) {
        const form = new FormData();
        for (const file of all) form.append("medias", file, file.name.replaceAll(" ", "_"));
        form.append("body", body);
        form.append("sign", String(sign));
        if (quotedMsgId) form.append("quotedMsgId", String(quotedMsgId));
        request = form;
      } else request = { body, sign, ...(quotedMsgId ? { quotedMsgId } : {}) };
      const answer = await api<{ messages: Message[] }>(`/api/messages/${props.ticketId}`, {
        method: "POST",
        body: request,
      });
      setText("");
      setFiles([]);
      props.onCancelReply();
      props.onSent(answer.messages);
    } catch (err) {
      pushToast({ tone: "error", message: errorMessage(err) });
    } finally {
      setSending(false);
      box.current?.focus();
    }
  }

  async function record() {
    try {
      setElapsed(0);
      setRecording({ rec: await startRecording(), since: Date.now() });
    } catch {
      pushToast({ tone: "error", messageKey: "tickets.micDenied" });
    }
  }

  async function finishRecording() {
    const current = recording;
    setRecording(null);
    const file = await current?.rec.finish();
    if (!file) return pushToast({ tone: "warning", messageKey: "tickets.audioTooShort" });
    await send([file]);
  }

  if (props.blockedReason) {
    return (
      <div class="border-t border-line bg-surface px-4 py-3 text-center text-sm text-fg-muted">
        {props.blockedReason}
      </div>
    );
  }

  const suggestions = dismissedFor === text ? [] : suggestionsFor(text, replies);
  const highlighted = suggestions[Math.min(highlight, suggestions.length - 1)];

  function onKeyDown(event: KeyboardEvent) {
    if (event.isComposing || event.altKey || event.ctrlKey || event.metaKey) return;
    if (highlighted) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        setHighlight(moveHighlight(highlight, suggestions.length, event.key));
        return;
      }
      if ((event.key === "Enter" || event.key === "Tab") && !event.shiftKey) {
        event.preventDefault();
        void chooseReply(highlighted);
        return;
      }
      if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        setDismissedFor(text);
        return;
      }
    }
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      if (!sending) void send();
    }
  }
  const iconButton = "rounded-lg p-2 text-fg-muted hover:bg-surface-muted hover:text-fg";
  return (
    // A container: the box lays itself out by its own width (the contact panel may narrow it).
    <div class="@container relative border-t border-line bg-surface px-2 pt-2 pb-2 sm:px-4">
      {suggestions.length > 0 && (
        <QuickReplyMenu
          suggestions={suggestions}
          highlight={highlight}
          onHighlight={setHighlight}
          onChoose={(reply) => void chooseReply(reply)}
        />
      )}
      {props.replyTo && (
        <div class="mb-2 flex items-start gap-2 rounded-lg border-l-4 border-brand-500 bg-surface-muted px-3 py-1.5 text-xs">
          <div class="min-w-0 flex-1">
            <p class="font-medium text-brand-700 dark:text-brand-300">
              {t("tickets.replyingTo", {
                who: props.replyTo.fromMe ? t("tickets.you") : t("tickets.customer"),
              })}
            </p>
            <p class="truncate text-fg-muted">{props.replyTo.body || props.replyTo.mediaName}</p>
          </div>
          <button
            type="button"
            class={iconButton}
            aria-label={t("tickets.cancelReply")}
            onClick={props.onCancelReply}
          >
            <XIcon size={14} />
          </button>
        </div>
      )}
      {files.length > 0 && (
        <ul class="mb-2 flex flex-wrap gap-1.5" aria-label={t("tickets.attachments")}>
          {files.map((file, index) => (
            <li
              key={`${file.name}-${index}`}
              class="inline-flex max-w-[14rem] items-center gap-1 rounded-full bg-surface-muted py-0.5 pr-1 pl-3 text-xs"
            >
              <span class="truncate">{file.name}</span>
              <button
                type="button"
                class="rounded-full p-0.5 hover:bg-surface-sunken"
                aria-label={t("tickets.removeFile", { name: file.name })}
                onClick={() =>
                  setFiles(files.filter((_, i) => i !== index))}
              >
                <XIcon size={12} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {menu && (
        <div class="mb-2 flex flex-wrap gap-1 rounded-xl border border-line bg-surface-muted p-1.5">
          {menu === "variables"
            ? VARIABLES.map((name) => (
              <button
                key={name}
                type="button"
                class="rounded-lg bg-surface px-2 py-1 text-xs hover:bg-brand-50 dark:hover:bg-brand-950"
                title={t(`tickets.variables.${name}`)}
                onClick={() => insert(`{{${name}}}`)}
              >
                {`{{${name}}}`}{" "}
                <span class="text-fg-subtle">· {t(`tickets.variables.${name}`)}</span>
              </button>
            ))
            : EMOJI.map((emoji) => (
              <button
                key={emoji}
                type="button"
                class="rounded-lg px-1.5 py-0.5 text-lg hover:bg-surface"
                onClick={() => insert(emoji)}
              >
                {emoji}
              </button>
            ))}
        </div>
      )}
      {recording
        ? (
          <div class="flex items-center gap-3 px-1 py-1.5">
            <span class="size-2.5 animate-pulse rounded-full bg-red-500" aria-hidden="true" />
            <span class="flex-1 text-sm tabular-nums text-fg" aria-live="polite">
              {t("tickets.recording", {
                time: `${Math.floor(elapsed / 60)}:${String(elapsed % 60).padStart(2, "0")}`,
              })}
            </span>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                recording.rec.cancel();
                setRecording(null);
              }}
            >
              {t("tickets.cancelAudio")}
            </Button>
            <Button size="sm" onClick={finishRecording} loading={sending}>
              {t("tickets.sendAudio")}
            </Button>
          </div>
        )
        : (
          // In a narrow box (a phone, or beside the contact panel) the tools and the signature
          // switch take a row of their own, so the text gets the whole width beside Send.
          <div class="flex flex-wrap items-end gap-1 @lg:flex-nowrap">
            <div class="order-1 flex shrink-0 items-center pb-0.5">
              <button
                type="button"
                class={cx(iconButton, menu === "emoji" && "text-brand-600")}
                aria-label={t("tickets.emoji")}
                title={t("tickets.emoji")}
                aria-expanded={menu === "emoji"}
                onClick={() => setMenu(menu === "emoji" ? null : "emoji")}
              >
                <SmileIcon size={20} />
              </button>
              <button
                type="button"
                class={cx(iconButton, menu === "variables" && "text-brand-600")}
                aria-label={t("tickets.variablesLabel")}
                title={t("tickets.variablesLabel")}
                aria-expanded={menu === "variables"}
                onClick={() => setMenu(menu === "variables" ? null : "variables")}
              >
                <BracesIcon size={20} />
              </button>
              <button
                type="button"
                class={iconButton}
                aria-label={t("tickets.attach")}
                title={t("tickets.attach")}
                onClick={() => picker.current?.click()}
              >
                <PaperclipIcon size={20} />
              </button>
              <input
                ref={picker}
                type="file"
                multiple
                hidden
                data-testid="attach"
                onChange={(event) => {
                  setFiles([...files, ...Array.from(event.currentTarget.files ?? [])]);
                  event.currentTarget.value = "";
                }}
              />
            </div>
            <label class="order-3 min-w-0 flex-1 basis-[calc(100%-3rem)] @lg:order-2 @lg:basis-auto">
              <span class="sr-only">{t("tickets.inputLabel")}</span>
              <textarea
                ref={box}
                rows={1}
                value={text}
                placeholder={t("tickets.inputPlaceholder")}
                class="block w-full resize-none rounded-xl border border-line-strong bg-surface px-3 py-2 text-sm leading-5 text-fg outline-none placeholder:truncate focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30"
                aria-controls={highlighted ? QUICK_REPLY_LIST_ID : undefined}
                aria-activedescendant={highlighted ? quickReplyOptionId(highlighted) : undefined}
                aria-keyshortcuts="Enter Shift+Enter"
                data-testid="message-input"
                onInput={(event) => setText(event.currentTarget.value)}
                onKeyDown={onKeyDown}
              />
            </label>
            <button
              type="button"
              role="switch"
              aria-checked={sign}
              title={t("tickets.signHint")}
              onClick={toggleSign}
              class={cx(
                "order-2 mb-1.5 ml-auto shrink-0 rounded-lg px-2 py-1.5 text-xs font-semibold @lg:order-3 @lg:mb-2 @lg:ml-0",
                sign
                  ? "bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300"
                  : "text-fg-subtle hover:bg-surface-muted",
              )}
            >
              {t("tickets.sign")}
            </button>
            <div class="order-4 flex shrink-0 items-center pb-0.5">
              {text.trim() || files.length
                ? (
                  <Button
                    size="icon"
                    loading={sending}
                    onClick={() => send()}
                    aria-label={t("tickets.send")}
                    title={t("tickets.send")}
                  >
                    <SendIcon size={18} />
                  </Button>
                )
                : (
                  <Button
                    size="icon"
                    variant="secondary"
                    onClick={record}
                    aria-label={t("tickets.recordAudio")}
                    title={t("tickets.recordAudio")}
                  >
                    <MicIcon size={18} />
                  </Button>
                )}
            </div>
          </div>
        )}
    </div>
  );
}
