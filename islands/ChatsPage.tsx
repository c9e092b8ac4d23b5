/**
 * /chats and /chats/{id} (admin §2 "Internal chat"): the user's chats on the left with their
 * unread counts, the open chat's messages on the right; on phones two tabs, "Chats" and
 * "Mensagens". New and edit chat in a dialog; edit and delete only for the chat's owner.
 * Kept current by the user's chat channel.
 */
import { useState } from "preact/hooks";
import { type ChatRow, unreadsOf } from "../components/chats/types.ts";
import { DeleteConfirmDialog } from "../components/lists/DeleteConfirmDialog.tsx";
import { ChatsIcon } from "../components/shell/icons.tsx";
import { PencilIcon, PlusIcon, TrashIcon } from "../components/icons.tsx";
import { Button, buttonClasses } from "../components/ui/Button.tsx";
import { cx } from "../components/ui/cx.ts";
import { EmptyState } from "../components/ui/EmptyState.tsx";
import { Tabs } from "../components/ui/Tabs.tsx";
import { api, ApiError } from "../lib/client/api.ts";
import { useChannel } from "../lib/client/channel.ts";
import { applyLiveEvent } from "../lib/client/live_list.ts";
import { useT } from "../lib/i18n/client.ts";
import { channels } from "../lib/realtime/channels.ts";
import { pushToast, toastError } from "../lib/ui/toast.ts";
import { ChatDialog } from "./chats/ChatDialog.tsx";
import { Conversation } from "./chats/Conversation.tsx";

export interface ChatsPageProps {
  userId: number;
  companyId: number;
  chats: ChatRow[];
  /** The chat in the address (/chats/{uuid or id}), when it is one of the user's. */
  openId: number | null;
  colleagues: { id: number; name: string }[];
}

type Editing = { chat?: ChatRow } | null;

/** Lower case without accents, so "plantao" finds "Plantão". */
const folded = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** Whether the chat's title or one of its members' names contains `search`. */
function matches(chat: ChatRow, search: string): boolean {
  const wanted = folded(search.trim());
  return !wanted || folded(chat.title).includes(wanted) ||
    chat.users.some((member) => folded(member.user.name).includes(wanted));
}

const newestFirst = (a: ChatRow, b: ChatRow) =>
  b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id;

export default function ChatsPage(props: ChatsPageProps) {
  const t = useT();
  const { userId, companyId } = props;
  const [chats, setChats] = useState(props.chats);
  const [openId, setOpenId] = useState(props.openId);
  const [tab, setTab] = useState<"list" | "messages">(props.openId ? "messages" : "list");
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ChatRow | null>(null);
  const [search, setSearch] = useState("");
  const open = chats.find((chat) => chat.id === openId) ?? null;
  const shown = chats.filter((chat) => matches(chat, search));

  function apply(data: unknown) {
    const event = data as { action: string; chat?: ChatRow; id?: number };
    const normalized = event.chat ? { action: event.action, record: event.chat } : data;
    setChats((rows) => applyLiveEvent(rows, normalized, { compare: newestFirst }));
  }
  useChannel(channels.chatOfUser(companyId, userId), apply);

  function select(chat: ChatRow) {
    setOpenId(chat.id);
    setTab("messages");
    history.replaceState(null, "", `/chats/${chat.uuid}`);
    // Opening it reads it, here at once and on the server through the conversation.
    setChats((rows) =>
      rows.map((row) =>
        row.id === chat.id
          ? {
            ...row,
            users: row.users.map((m) => (m.userId === userId ? { ...m, unreads: 0 } : m)),
          }
          : row
      )
    );
  }

  async function remove(chat: ChatRow) {
    try {
      await api(`/api/chats/${chat.id}`, { method: "DELETE" });
    } catch (err) {
      toastError(err instanceof ApiError ? err.code : undefined);
      throw err;
    }
    apply({ action: "delete", id: chat.id });
    if (openId === chat.id) {
      setOpenId(null);
      setTab("list");
      history.replaceState(null, "", "/chats");
    }
    pushToast({ tone: "success", message: t("chats.deleted") });
  }

  const list = (
    <div class="flex min-h-0 flex-1 flex-col">
      <div class="flex items-center justify-between gap-2 border-b border-line px-4 py-3">
        <h2 class="text-sm font-semibold">{t("chats.listTitle")}</h2>
        <Button size="sm" onClick={() => setEditing({})} data-new-chat>
          <PlusIcon size={16} />
          {t("chats.new")}
        </Button>
      </div>
      {chats.length > 0 && (
        <div class="border-b border-line px-4 py-2.5">
          <input
            type="search"
            value={search}
            onInput={(event) => setSearch(event.currentTarget.value)}
            aria-label={t("chats.search")}
            placeholder={t("chats.search")}
            data-chat-search
            class="h-9 w-full rounded-md border border-line bg-surface px-3 text-sm text-fg placeholder:text-fg-subtle focus:outline-2 focus:outline-offset-1 focus:outline-(--app-ring)"
          />
        </div>
      )}
      {chats.length > 0 && shown.length === 0 && (
        <p class="px-4 py-6 text-center text-sm text-fg-muted" role="status">
          {t("chats.searchEmpty")}
        </p>
      )}
      {chats.length === 0
        ? (
          <div class="p-4">
            <EmptyState
              icon={<ChatsIcon />}
              title={t("chats.emptyTitle")}
              text={t("chats.emptyText")}
            />
          </div>
        )
        : (
          <ul class="min-h-0 flex-1 divide-y divide-line overflow-y-auto" data-chat-list>
            {shown.map((chat) => {
              const unread = unreadsOf(chat, userId);
              const active = chat.id === openId;
              return (
                <li key={chat.id}>
                  <button
                    type="button"
                    data-chat={chat.id}
                    aria-current={active ? "true" : undefined}
                    onClick={() => select(chat)}
                    class={cx(
                      "flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-surface-muted",
                      active && "bg-brand-50 dark:bg-brand-950/40",
                    )}
                  >
                    <span class="min-w-0 flex-1">
                      <span
                        class={cx(
                          "block truncate text-sm",
                          unread ? "font-semibold" : "font-medium",
                        )}
                      >
                        {chat.title}
                      </span>
                      <span class="block truncate text-[13px] text-fg-muted">
                        {chat.lastMessage || t("chats.noMessagesShort")}
                      </span>
                    </span>
                    {unread > 0 && (
                      <span
                        data-chat-unread={unread}
                        class="grid h-5 min-w-5 place-items-center rounded-full bg-brand-600 px-1.5 text-[11px] font-semibold text-white"
                        aria-label={t("chats.unread", { count: unread })}
                      >
                        {unread}
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
    </div>
  );

  const conversation = open
    ? (
      <div class="flex min-h-0 flex-1 flex-col">
        <div class="flex items-center gap-2 border-b border-line px-4 py-3">
          <div class="min-w-0 flex-1">
            <h2 class="truncate text-sm font-semibold">{open.title}</h2>
            <p class="truncate text-[13px] text-fg-muted">
              {open.users.map((member) => member.user.name).join(", ")}
            </p>
          </div>
          {open.ownerId === userId && (
            <>
              <button
                type="button"
                class={buttonClasses("ghost", "icon")}
                aria-label={t("chats.edit")}
                title={t("chats.edit")}
                onClick={() => setEditing({ chat: open })}
              >
                <PencilIcon size={18} />
              </button>
              <button
                type="button"
                class={buttonClasses("ghost", "icon")}
                aria-label={t("chats.delete")}
                title={t("chats.delete")}
                onClick={() => setDeleting(open)}
              >
                <TrashIcon size={18} />
              </button>
            </>
          )}
        </div>
        <Conversation key={open.id} chat={open} userId={userId} companyId={companyId} />
      </div>
    )
    : (
      <div class="grid flex-1 place-items-center p-6 text-center text-sm text-fg-muted">
        {t("chats.pick")}
      </div>
    );

  return (
    <div class="flex h-[calc(100dvh-8.5rem)] min-h-[26rem] flex-col gap-3">
      <Tabs
        class="md:hidden"
        label={t("chats.title")}
        idBase="chats"
        selected={tab}
        onSelect={(id) => setTab(id as "list" | "messages")}
        tabs={[
          { id: "list", label: t("chats.tabChats") },
          { id: "messages", label: t("chats.tabMessages") },
        ]}
      />
      <div class="flex min-h-0 flex-1 overflow-hidden rounded-(--radius-card) border border-line bg-surface-muted">
        <aside
          class={cx(
            "min-h-0 w-full flex-col border-line bg-surface md:flex md:w-80 md:border-r",
            tab === "list" ? "flex" : "hidden",
          )}
        >
          {list}
        </aside>
        <div class={cx("min-h-0 flex-1 flex-col md:flex", tab === "messages" ? "flex" : "hidden")}>
          {conversation}
        </div>
      </div>
      {editing && (
        <ChatDialog
          chat={editing.chat}
          colleagues={props.colleagues.filter((colleague) => colleague.id !== userId)}
          onSaved={(chat) => {
            apply({ action: editing.chat ? "update" : "create", chat });
            if (!editing.chat) select(chat);
            pushToast({ tone: "success", message: t("chats.saved") });
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteConfirmDialog
          id="chat-delete"
          title={t("chats.confirmDeleteTitle")}
          text={t("chats.confirmDeleteText", { title: deleting.title })}
          confirmLabel={t("chats.delete")}
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
