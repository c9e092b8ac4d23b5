/**
 * New or edit chat (admin §2, §5): a title and the colleagues taking part. The title is
 * required ("Por favor, preencha o título da conversa.") and at least one colleague.
 */
import { useState } from "preact/hooks";
import type { ChatRow } from "../../components/chats/types.ts";
import { DialogActions } from "../../components/forms/DialogActions.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { Input } from "../../components/ui/Input.tsx";
import { api, ApiError } from "../../lib/client/api.ts";
import { closeModal, useModal } from "../../lib/client/modal.ts";
import { useT } from "../../lib/i18n/client.ts";
import { toastError } from "../../lib/ui/toast.ts";

export const CHAT_DIALOG_ID = "chat-dialog";

export interface ChatDialogProps {
  chat?: ChatRow;
  /** Everybody else in the company. */
  colleagues: { id: number; name: string }[];
  onSaved: (chat: ChatRow) => void;
  onClose: () => void;
}

export function ChatDialog({ chat, colleagues, onSaved, onClose }: ChatDialogProps) {
  const t = useT();
  const [title, setTitle] = useState(chat?.title ?? "");
  const [chosen, setChosen] = useState<number[]>(
    chat ? chat.users.map((member) => member.userId) : [],
  );
  const [errors, setErrors] = useState<{ title?: string; users?: string }>({});
  const [busy, setBusy] = useState(false);
  useModal(CHAT_DIALOG_ID, onClose);

  const toggle = (id: number) =>
    setChosen(chosen.includes(id) ? chosen.filter((other) => other !== id) : [...chosen, id]);

  async function save(event: Event) {
    event.preventDefault();
    const users = chosen.filter((id) => colleagues.some((colleague) => colleague.id === id));
    const found = {
      ...(title.trim() ? {} : { title: t("errors.ERR_CHAT_TITLE_REQUIRED") }),
      ...(users.length > 0 ? {} : { users: t("errors.ERR_CHAT_USERS_REQUIRED") }),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const saved = await api<ChatRow>(chat ? `/api/chats/${chat.id}` : "/api/chats", {
        method: chat ? "PUT" : "POST",
        body: { title: title.trim(), users },
      });
      onSaved(saved);
      closeModal(CHAT_DIALOG_ID);
    } catch (err) {
      toastError(err instanceof ApiError ? err.code : undefined);
      setBusy(false);
    }
  }

  return (
    <Dialog
      id={CHAT_DIALOG_ID}
      title={t(chat ? "chats.editTitle" : "chats.createTitle")}
      closeLabel={t("common.close")}
      footer={<DialogActions dialogId={CHAT_DIALOG_ID} formId="chat-form" busy={busy} />}
    >
      <form id="chat-form" class="flex flex-col gap-5" onSubmit={save} noValidate>
        <Input
          id="chat-title"
          label={t("chats.titleLabel")}
          value={title}
          required
          maxLength={120}
          autoComplete="off"
          error={errors.title}
          onInput={(event) => setTitle(event.currentTarget.value)}
        />
        {/* min-w-0 lets a long colleague's name truncate instead of widening the dialog. */}
        <fieldset class="flex min-w-0 flex-col gap-2">
          <legend class="mb-2 text-sm font-medium text-fg">{t("chats.usersLabel")}</legend>
          {colleagues.length === 0 && <p class="text-fg-muted">{t("chats.noColleagues")}</p>}
          <ul class="grid max-h-64 gap-1 overflow-y-auto sm:grid-cols-2">
            {colleagues.map((colleague) => (
              <li key={colleague.id}>
                <label class="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 hover:bg-surface-muted">
                  <input
                    type="checkbox"
                    class="size-4 accent-brand-600"
                    checked={chosen.includes(colleague.id)}
                    onChange={() => toggle(colleague.id)}
                  />
                  <span class="truncate">{colleague.name}</span>
                </label>
              </li>
            ))}
          </ul>
          {errors.users && (
            <p class="text-[13px] text-red-700 dark:text-red-400" role="alert">{errors.users}</p>
          )}
        </fieldset>
      </form>
    </Dialog>
  );
}
