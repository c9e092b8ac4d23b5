/**
 * The simulator of a sandbox connection (DESIGN §7): a pretend phone. The admin scans the QR
 * (simulated), plays customers — text, files, location, contact cards, quoted replies — and
 * watches the agents' replies arrive with their ticks moving 1 → 3 → 4. The connection's
 * status is live (realtime); the open conversation is re-read every 1.5 s while the tab is
 * visible, which is what shows replies and ticks as they come. "typing…" shows under the
 * customer's name while Balcão says it is composing in that chat (a `presence` event of the
 * session channel), until it says it paused or its next message arrives, as on a phone.
 */
import { channels } from "../lib/realtime/channels.ts";
import { useEffect, useRef, useState } from "preact/hooks";
import { statusView } from "../components/connections/status.ts";
import {
  CheckIcon,
  ContactCardIcon,
  MapPinIcon,
  PaperclipIcon,
  XIcon,
} from "../components/icons.tsx";
import { Badge } from "../components/ui/Badge.tsx";
import { Button } from "../components/ui/Button.tsx";
import { cx } from "../components/ui/cx.ts";
import { api, errorMessage } from "../lib/client/api.ts";
import { useChannel } from "../lib/client/channel.ts";
import { clientLanguage, useT } from "../lib/i18n/client.ts";
import { pushToast } from "../lib/ui/toast.ts";
import type { SandboxMessageView } from "../services/whatsapp/sandbox/service.ts";

export interface SimulatorCustomer {
  number: string;
  name: string;
  lastBody: string;
  lastAt: string;
}

export interface SandboxSimulatorProps {
  companyId: number;
  connection: { id: number; name: string; status: string };
  customers: SimulatorCustomer[];
}

export const POLL_MS = 1500;
const NUMBER = /^\d{8,20}$/;

type Extra = "location" | "contact" | null;

const FIELD =
  "h-9 w-full rounded-lg border border-line-strong bg-surface px-3 text-sm text-fg shadow-sm placeholder:text-fg-subtle focus-visible:border-brand-500";

/** Ticks of a reply as the customer's phone reports them (core §4: 3 delivered, 4 read). */
function Ticks({ ack }: { ack: number }) {
  const t = useT();
  const label = t(`simulator.acks.${Math.max(0, Math.min(5, ack))}`);
  return (
    <span
      class={cx("inline-flex", ack >= 4 ? "text-sky-500" : "text-fg-subtle")}
      role="img"
      aria-label={label}
      title={label}
      data-ack={ack}
    >
      <CheckIcon size={14} />
      {ack >= 3 && <CheckIcon size={14} class="-ml-2" />}
    </span>
  );
}

function describe(message: SandboxMessageView, t: ReturnType<typeof useT>): string {
  if (message.isDeleted) return t("simulator.deleted");
  if (message.body) return message.body;
  if (message.location) return t("simulator.locationSent");
  if (message.vcard) return (/FN:(.*)/.exec(message.vcard)?.[1] ?? "").trim() || "vCard";
  return message.media?.fileName ?? "";
}

/** The newest message Balcão sent in a conversation (what ends a "typing…"). */
function lastSent(messages: SandboxMessageView[]): string | undefined {
  return messages.findLast((message) => message.direction === "out")?.id;
}

/** In the page's language, like the chat itself (the browser's own gave "02:32 AM" in pt-BR). */
function time(iso: string) {
  return new Date(iso).toLocaleTimeString(clientLanguage(), { hour: "2-digit", minute: "2-digit" });
}

export default function SandboxSimulator(props: SandboxSimulatorProps) {
  const t = useT();
  const { id } = props.connection;
  const [status, setStatus] = useState(props.connection.status);
  const [customers, setCustomers] = useState(props.customers);
  const [current, setCurrent] = useState<{ number: string; name: string } | null>(
    props.customers[0]
      ? { number: props.customers[0].number, name: props.customers[0].name }
      : null,
  );
  const [messages, setMessages] = useState<SandboxMessageView[]>([]);
  const [draft, setDraft] = useState({ number: "", name: "" });
  const [text, setText] = useState("");
  const [quoting, setQuoting] = useState<SandboxMessageView | null>(null);
  const [extra, setExtra] = useState<Extra>(null);
  const [place, setPlace] = useState({ latitude: "-23.5505", longitude: "-46.6333", name: "" });
  const [card, setCard] = useState({ name: "", phone: "" });
  const [busy, setBusy] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const bottom = useRef<HTMLDivElement>(null);
  // "typing…" in the open chat, with the last message Balcão had sent when it began.
  const [typing, setTyping] = useState<{ number: string; after?: string } | null>(null);

  const onSession = (event: unknown) => {
    const data = event as { session?: { id: number; status: string } };
    const whatsapp = (event as { whatsapp?: { id: number; status: string } }).whatsapp;
    const row = data.session ?? whatsapp;
    if (row?.id === id) setStatus(row.status);
    const presence = event as { action?: string; connectionId?: number; number?: string };
    if (presence.action === "presence" && presence.connectionId === id) {
      const composing = (event as { presence?: string }).presence === "composing";
      if (composing && current && presence.number === current.number) {
        setTyping({ number: current.number, after: lastSent(messages) });
      } else if (!composing) {
        setTyping((now) => now?.number === presence.number ? null : now);
      }
    }
  };
  useChannel(channels.whatsapp(props.companyId), onSession);
  useChannel(channels.whatsappSession(props.companyId), onSession);

  async function loadConversation(number: string) {
    const answer = await api<{ messages: SandboxMessageView[] }>(
      `/api/sandbox/${id}/conversation`,
      { query: { number } },
    );
    setMessages((before) =>
      JSON.stringify(before) === JSON.stringify(answer.messages) ? before : answer.messages
    );
  }
  async function loadCustomers() {
    const answer = await api<{ customers: SimulatorCustomer[] }>(`/api/sandbox/${id}/customers`);
    setCustomers(answer.customers);
  }

  useEffect(() => {
    setMessages([]);
    setQuoting(null);
    setTyping(null);
    if (!current) return;
    void loadConversation(current.number).catch(() => {});
    let rounds = 0;
    const timer = setInterval(() => {
      if (document.visibilityState !== "visible") return;
      void loadConversation(current.number).catch(() => {});
      if (++rounds % 4 === 0) void loadCustomers().catch(() => {});
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [current?.number]);

  useEffect(() => {
    // Only the message list scrolls: scrollIntoView also scrolled the page, so on a phone the
    // simulator opened (and jumped on each new message) below its own form.
    const list = bottom.current?.parentElement;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length]);
  // Balcão's next message in the chat ends its "typing…".
  const isTyping = typing !== null && typing.number === current?.number &&
    lastSent(messages) === typing.after;

  async function act(work: () => Promise<unknown>) {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } catch (err) {
      pushToast({ tone: "error", message: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  const pair = () =>
    act(async () => {
      await api(`/api/sandbox/${id}/pair`, { method: "POST" });
      pushToast({ tone: "success", message: t("simulator.paired") });
    });
  const start = () => act(() => api(`/api/whatsappsession/${id}`, { method: "POST" }));

  function openCustomer(event: Event) {
    event.preventDefault();
    const number = draft.number.replace(/\D/g, "");
    if (!NUMBER.test(number)) {
      pushToast({ tone: "error", message: t("simulator.invalidNumber") });
      return;
    }
    setCurrent({ number, name: draft.name.trim() });
    setDraft({ number: "", name: "" });
    if (!customers.some((c) => c.number === number)) {
      setCustomers((
        list,
      ) => [{ number, name: draft.name.trim(), lastBody: "", lastAt: "" }, ...list]);
    }
  }

  async function deliver(body: Record<string, unknown> | FormData) {
    if (!current) return;
    await act(async () => {
      if (body instanceof FormData) {
        body.set("number", current.number);
        body.set("name", current.name);
        if (quoting) body.set("quotedId", quoting.id);
      }
      await api(`/api/sandbox/${id}/inbound`, {
        method: "POST",
        body: body instanceof FormData ? body : {
          number: current.number,
          name: current.name,
          ...(quoting ? { quotedId: quoting.id } : {}),
          ...body,
        },
      });
      setQuoting(null);
      setExtra(null);
      await Promise.all([loadConversation(current.number), loadCustomers()]);
    });
  }

  function sendText(event: Event) {
    event.preventDefault();
    if (text.trim() === "") return;
    const body = text;
    setText("");
    void deliver({ body });
  }

  function sendFile(event: Event) {
    const input = event.currentTarget as HTMLInputElement;
    const chosen = input.files?.[0];
    input.value = "";
    if (!chosen) return;
    const form = new FormData();
    form.set("body", text);
    form.set("medias", chosen);
    setText("");
    void deliver(form);
  }

  function sendLocation(event: Event) {
    event.preventDefault();
    void deliver({
      location: {
        latitude: Number(place.latitude),
        longitude: Number(place.longitude),
        ...(place.name ? { name: place.name } : {}),
      },
    });
  }

  function sendCard(event: Event) {
    event.preventDefault();
    const phone = card.phone.replace(/[^\d+]/g, "");
    void deliver({
      vcard: `BEGIN:VCARD\nVERSION:3.0\nFN:${card.name}\nTEL;type=CELL:${phone}\nEND:VCARD`,
    });
    setCard({ name: "", phone: "" });
  }

  const view = statusView(status);
  const connected = status === "CONNECTED";
  const byId = new Map(messages.map((m) => [m.id, m]));

  return (
    <div class="flex flex-col gap-4">
      <section
        class="flex flex-wrap items-center gap-3 rounded-(--radius-card) border border-line bg-surface p-4 shadow-(--shadow-card)"
        aria-label={t("simulator.title")}
      >
        <Badge tone={view.tone} dot>
          <span data-status={status}>{t(`connections.status.${view.labelKey}`)}</span>
        </Badge>
        <p class="min-w-0 flex-1 text-sm text-fg-muted">
          {connected
            ? t("simulator.connected")
            : status === "qrcode"
            ? t("simulator.needsQr")
            : t("simulator.needsStart")}
        </p>
        {status === "qrcode" && <Button onClick={pair} loading={busy}>{t("simulator.pair")}
        </Button>}
        {(status === "DISCONNECTED" || status === "TIMEOUT") && (
          <Button variant="secondary" onClick={start} loading={busy}>
            {t("simulator.start")}
          </Button>
        )}
      </section>

      <div class="grid min-h-[28rem] grid-cols-1 gap-4 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <aside class="flex min-w-0 flex-col gap-3 rounded-(--radius-card) border border-line bg-surface p-4 shadow-(--shadow-card)">
          <form class="flex flex-col gap-2" onSubmit={openCustomer}>
            <h2 class="text-sm font-semibold text-fg">{t("simulator.newCustomer")}</h2>
            <label class="sr-only" for="sim-number">{t("simulator.number")}</label>
            <input
              id="sim-number"
              class={FIELD}
              inputMode="numeric"
              placeholder={`${t("simulator.number")} · 5511999990001`}
              value={draft.number}
              onInput={(e) =>
                setDraft({ ...draft, number: (e.currentTarget as HTMLInputElement).value })}
            />
            <label class="sr-only" for="sim-name">{t("simulator.name")}</label>
            <input
              id="sim-name"
              class={FIELD}
              placeholder={t("simulator.name")}
              value={draft.name}
              onInput={(e) =>
                setDraft({ ...draft, name: (e.currentTarget as HTMLInputElement).value })}
            />
            <Button type="submit" size="sm" variant="secondary">
              {t("simulator.addCustomer")}
            </Button>
          </form>
          <h2 class="mt-2 text-xs font-semibold uppercase tracking-wide text-fg-subtle">
            {t("simulator.customers")}
          </h2>
          {customers.length === 0
            ? <p class="text-sm text-fg-muted">{t("simulator.noCustomers")}</p>
            : (
              <ul class="-mx-2 flex flex-col gap-0.5 overflow-y-auto lg:max-h-[26rem]">
                {customers.map((customer) => (
                  <li key={customer.number}>
                    <button
                      type="button"
                      aria-current={current?.number === customer.number ? "true" : undefined}
                      onClick={() => setCurrent({ number: customer.number, name: customer.name })}
                      class={cx(
                        "flex w-full flex-col rounded-lg px-2 py-2 text-left hover:bg-surface-muted",
                        current?.number === customer.number &&
                          "bg-brand-50 dark:bg-brand-950",
                      )}
                    >
                      <span class="truncate text-sm font-medium text-fg">
                        {customer.name || customer.number}
                      </span>
                      <span class="truncate text-[13px] text-fg-subtle">
                        {customer.name ? `${customer.number} · ` : ""}
                        {customer.lastBody}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
        </aside>

        <section
          class="flex min-h-[28rem] min-w-0 flex-col overflow-hidden rounded-(--radius-card) border border-line bg-surface-muted shadow-(--shadow-card)"
          aria-label={current ? current.name || current.number : t("simulator.customers")}
        >
          {!current
            ? (
              <p class="m-auto max-w-xs p-6 text-center text-sm text-fg-muted">
                {t("simulator.pickCustomer")}
              </p>
            )
            : (
              <>
                <header class="flex items-center gap-2 border-b border-line bg-surface px-4 py-3">
                  <div class="min-w-0">
                    <p class="flex flex-wrap items-baseline gap-x-2">
                      <span class="font-medium text-fg">{current.name || current.number}</span>
                      {current.name && (
                        <span class="text-[13px] text-fg-subtle">{current.number}</span>
                      )}
                    </p>
                    <p
                      class="text-[13px] text-brand-700 empty:hidden dark:text-brand-400"
                      role="status"
                      data-testid="sim-typing"
                    >
                      {isTyping ? t("simulator.typing") : ""}
                    </p>
                  </div>
                  <Badge tone="brand" class="ml-auto shrink-0">{t("simulator.badge")}</Badge>
                </header>
                <ol
                  class="flex max-h-[32rem] flex-1 flex-col gap-2 overflow-y-auto p-4"
                  aria-live="polite"
                  data-testid="sim-messages"
                >
                  {messages.length === 0 && (
                    <li class="m-auto text-sm text-fg-muted">{t("simulator.emptyChat")}</li>
                  )}
                  {messages.map((message) => {
                    const mine = message.direction === "in";
                    const quoted = message.quotedId ? byId.get(message.quotedId) : undefined;
                    return (
                      <li
                        key={message.id}
                        data-direction={message.direction}
                        class={cx(
                          "group flex max-w-[85%] flex-col gap-1 rounded-2xl px-3 py-2 text-sm shadow-sm",
                          mine
                            ? "self-end rounded-br-sm bg-emerald-100 text-emerald-950 dark:bg-emerald-900 dark:text-emerald-50"
                            : "self-start rounded-bl-sm bg-surface text-fg",
                        )}
                      >
                        <span class="text-[11px] font-semibold uppercase tracking-wide opacity-70">
                          {mine ? t("simulator.you") : t("simulator.agent")}
                        </span>
                        {quoted && (
                          <span class="rounded-md border-l-4 border-brand-500 bg-black/5 px-2 py-1 text-[13px] opacity-80 dark:bg-white/10">
                            {describe(quoted, t)}
                          </span>
                        )}
                        {message.media && (
                          <span class="inline-flex items-center gap-1 text-[13px] font-medium">
                            <PaperclipIcon size={14} />
                            {message.media.fileName ?? message.media.kind}
                          </span>
                        )}
                        <span
                          class={cx(
                            "whitespace-pre-wrap break-words",
                            message.isDeleted && "italic opacity-70",
                          )}
                        >
                          {describe(message, t)}
                        </span>
                        <span class="flex items-center justify-end gap-2 text-[11px] opacity-70">
                          <button
                            type="button"
                            class="underline-offset-2 hover:underline"
                            onClick={() => setQuoting(message)}
                          >
                            {t("simulator.reply")}
                          </button>
                          <time dateTime={message.createdAt}>{time(message.createdAt)}</time>
                          {!mine && <Ticks ack={message.ack} />}
                        </span>
                      </li>
                    );
                  })}
                  <div ref={bottom} />
                </ol>

                <div class="flex flex-col gap-2 border-t border-line bg-surface p-3">
                  {quoting && (
                    <div class="flex items-center gap-2 rounded-md border-l-4 border-brand-500 bg-surface-muted px-3 py-1.5 text-[13px]">
                      <span class="text-fg-subtle">{t("simulator.replyingTo")}</span>
                      <span class="min-w-0 flex-1 truncate text-fg">{describe(quoting, t)}</span>
                      <button
                        type="button"
                        aria-label={t("simulator.cancelReply")}
                        onClick={() => setQuoting(null)}
                      >
                        <XIcon size={16} />
                      </button>
                    </div>
                  )}
                  {extra === "location" && (
                    <form
                      class="grid gap-2 sm:grid-cols-[1fr_1fr_1.5fr_auto]"
                      onSubmit={sendLocation}
                    >
                      {(["latitude", "longitude", "name"] as const).map((key) => (
                        <input
                          key={key}
                          class={FIELD}
                          aria-label={t(`simulator.locationForm.${key === "name" ? "label" : key}`)}
                          placeholder={t(
                            `simulator.locationForm.${key === "name" ? "label" : key}`,
                          )}
                          inputMode={key === "name" ? "text" : "decimal"}
                          value={place[key]}
                          onInput={(e) =>
                            setPlace({
                              ...place,
                              [key]: (e.currentTarget as HTMLInputElement).value,
                            })}
                        />
                      ))}
                      <Button type="submit" size="sm" disabled={!connected}>
                        {t("simulator.send")}
                      </Button>
                    </form>
                  )}
                  {extra === "contact" && (
                    <form class="grid gap-2 sm:grid-cols-[1fr_1fr_auto]" onSubmit={sendCard}>
                      <input
                        class={FIELD}
                        aria-label={t("simulator.contactForm.name")}
                        placeholder={t("simulator.contactForm.name")}
                        value={card.name}
                        required
                        onInput={(e) =>
                          setCard({ ...card, name: (e.currentTarget as HTMLInputElement).value })}
                      />
                      <input
                        class={FIELD}
                        aria-label={t("simulator.contactForm.phone")}
                        placeholder={t("simulator.contactForm.phone")}
                        inputMode="tel"
                        value={card.phone}
                        required
                        onInput={(e) =>
                          setCard({ ...card, phone: (e.currentTarget as HTMLInputElement).value })}
                      />
                      <Button type="submit" size="sm" disabled={!connected}>
                        {t("simulator.send")}
                      </Button>
                    </form>
                  )}
                  <form class="flex items-end gap-2" onSubmit={sendText}>
                    <div class="flex shrink-0 gap-1">
                      <Button
                        variant="ghost"
                        size="sm"
                        class="w-8 px-0"
                        title={t("simulator.attachFile")}
                        aria-label={t("simulator.attachFile")}
                        disabled={!connected}
                        onClick={() => file.current?.click()}
                      >
                        <PaperclipIcon size={18} />
                      </Button>
                      <Button
                        variant={extra === "location" ? "secondary" : "ghost"}
                        size="sm"
                        class="px-2"
                        aria-pressed={extra === "location"}
                        disabled={!connected}
                        onClick={() => setExtra(extra === "location" ? null : "location")}
                      >
                        <MapPinIcon size={18} />
                        <span class="sr-only sm:not-sr-only">{t("simulator.location")}</span>
                      </Button>
                      <Button
                        variant={extra === "contact" ? "secondary" : "ghost"}
                        size="sm"
                        class="px-2"
                        aria-pressed={extra === "contact"}
                        disabled={!connected}
                        onClick={() => setExtra(extra === "contact" ? null : "contact")}
                      >
                        <ContactCardIcon size={18} />
                        <span class="sr-only sm:not-sr-only">{t("simulator.contactCard")}</span>
                      </Button>
                    </div>
                    <input
                      ref={file}
                      type="file"
                      class="hidden"
                      accept="image/*,audio/*,video/*,application/pdf,.doc,.docx,.xls,.xlsx,.txt"
                      onChange={sendFile}
                      data-testid="sim-file"
                    />
                    <label class="sr-only" for="sim-text">{t("simulator.placeholder")}</label>
                    <textarea
                      id="sim-text"
                      rows={1}
                      class="min-h-9 flex-1 resize-none rounded-lg border border-line-strong bg-surface px-3 py-1.5 text-sm text-fg shadow-sm placeholder:text-fg-subtle focus-visible:border-brand-500"
                      placeholder={t("simulator.placeholder")}
                      value={text}
                      disabled={!connected}
                      onInput={(e) => setText((e.currentTarget as HTMLTextAreaElement).value)}
                      onKeyDown={(e) => {
                        if (e.key === "Enter" && !e.shiftKey) sendText(e);
                      }}
                    />
                    <Button
                      type="submit"
                      size="sm"
                      disabled={!connected || text.trim() === ""}
                      loading={busy}
                    >
                      {t("simulator.send")}
                    </Button>
                  </form>
                </div>
              </>
            )}
        </section>
      </div>
    </div>
  );
}
