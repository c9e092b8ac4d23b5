/**
 * /todolist (core §1): a personal list kept only in this browser. Add, edit, complete and
 * remove; blank text is ignored. The list lives in localStorage, which the server cannot
 * read, so it appears once mounted; other tabs' changes arrive through the `storage` event.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { CheckIcon, InboxIcon, XIcon } from "../components/icons.tsx";
import { PencilIcon, PlusIcon, TrashIcon } from "../components/icons.tsx";
import { Button, buttonClasses } from "../components/ui/Button.tsx";
import { cx } from "../components/ui/cx.ts";
import { CONTROL_CLASSES } from "../components/ui/Field.tsx";
import { useT } from "../lib/i18n/client.ts";
import {
  addTask,
  editTask,
  loadTasks,
  MAX_TASK_LENGTH,
  parseTasks,
  removeTask,
  saveTasks,
  type Task,
  TASKS_KEY,
  toggleTask,
} from "../lib/ui/tasks.ts";
import { pushToast } from "../lib/ui/toast.ts";

export default function TodoList() {
  const t = useT();
  const [tasks, setTasks] = useState<Task[] | null>(null);
  const [draft, setDraft] = useState("");
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null);
  const newTask = useRef<HTMLInputElement>(null);
  const editInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setTasks(loadTasks());
    const fromOtherTab = (event: StorageEvent) => {
      if (event.key === TASKS_KEY || event.key === null) setTasks(parseTasks(event.newValue));
    };
    globalThis.addEventListener("storage", fromOtherTab);
    return () => globalThis.removeEventListener("storage", fromOtherTab);
  }, []);

  const editingId = editing?.id;
  useEffect(() => editInput.current?.focus(), [editingId]);

  function update(next: Task[]) {
    setTasks(next);
    if (!saveTasks(next)) pushToast({ tone: "error", messageKey: "todolist.storageFull" });
  }

  function add(event: Event) {
    event.preventDefault();
    if (!tasks || !draft.trim()) return;
    update(addTask(tasks, draft, new Date(), crypto.randomUUID()));
    setDraft("");
    newTask.current?.focus();
  }

  function saveEdit(event?: Event) {
    event?.preventDefault();
    if (!tasks || !editing) return;
    update(editTask(tasks, editing.id, editing.text, new Date()));
    setEditing(null);
  }

  const done = tasks?.filter((task) => task.done).length ?? 0;
  return (
    <div class="rounded-(--radius-card) border border-line bg-surface shadow-(--shadow-card)">
      <form onSubmit={add} class="flex gap-2 border-b border-line p-4 sm:p-5">
        <label for="todo-new" class="sr-only">{t("todolist.new")}</label>
        <input
          ref={newTask}
          id="todo-new"
          value={draft}
          maxLength={MAX_TASK_LENGTH}
          placeholder={t("todolist.placeholder")}
          autocomplete="off"
          onInput={(event) => setDraft((event.currentTarget as HTMLInputElement).value)}
          class={CONTROL_CLASSES}
        />
        <Button type="submit" disabled={!draft.trim() || !tasks} data-add-task>
          <PlusIcon size={18} />
          <span class="hidden sm:inline">{t("todolist.add")}</span>
          <span class="sr-only sm:hidden">{t("todolist.add")}</span>
        </Button>
      </form>

      {tasks === null && <div class="h-40" aria-busy="true" />}
      {tasks?.length === 0 && (
        <div class="flex flex-col items-center px-6 py-12 text-center">
          <div class="mb-4 grid size-12 place-items-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
            <InboxIcon />
          </div>
          <p class="text-base font-semibold text-fg">{t("todolist.emptyTitle")}</p>
          <p class="mt-1 max-w-sm text-sm text-fg-muted">{t("todolist.emptyText")}</p>
        </div>
      )}
      {tasks && tasks.length > 0 && (
        <>
          <ul class="divide-y divide-line" aria-label={t("todolist.title")}>
            {tasks.map((task) => (
              <li key={task.id} class="group flex min-h-14 items-center gap-3 px-4 py-2 sm:px-5">
                {editing?.id === task.id
                  ? (
                    <form onSubmit={saveEdit} class="flex flex-1 items-center gap-2">
                      <label for={`todo-edit-${task.id}`} class="sr-only">
                        {t("todolist.editLabel")}
                      </label>
                      <input
                        id={`todo-edit-${task.id}`}
                        value={editing.text}
                        ref={editInput}
                        maxLength={MAX_TASK_LENGTH}
                        onInput={(event) =>
                          setEditing({
                            id: task.id,
                            text: (event.currentTarget as HTMLInputElement).value,
                          })}
                        onKeyDown={(event) => event.key === "Escape" && setEditing(null)}
                        class={CONTROL_CLASSES}
                      />
                      <button
                        type="submit"
                        class={buttonClasses("ghost", "icon")}
                        aria-label={t("todolist.save")}
                        title={t("todolist.save")}
                      >
                        <CheckIcon size={18} />
                      </button>
                      <button
                        type="button"
                        class={buttonClasses("ghost", "icon")}
                        aria-label={t("todolist.cancel")}
                        title={t("todolist.cancel")}
                        onClick={() =>
                          setEditing(null)}
                      >
                        <XIcon size={18} />
                      </button>
                    </form>
                  )
                  : (
                    <>
                      <input
                        type="checkbox"
                        checked={task.done}
                        aria-label={t(task.done ? "todolist.reopen" : "todolist.complete", {
                          text: task.text,
                        })}
                        onChange={() => update(toggleTask(tasks, task.id, new Date()))}
                        class="size-[18px] shrink-0 cursor-pointer rounded accent-brand-600 dark:accent-brand-400"
                      />
                      <span
                        class={cx(
                          "min-w-0 flex-1 break-words text-sm",
                          task.done ? "text-fg-subtle line-through" : "text-fg",
                        )}
                        data-task-text
                      >
                        {task.text}
                      </span>
                      <button
                        type="button"
                        class={buttonClasses("ghost", "icon")}
                        aria-label={t("todolist.edit", { text: task.text })}
                        title={t("todolist.editLabel")}
                        onClick={() =>
                          setEditing({ id: task.id, text: task.text })}
                      >
                        <PencilIcon size={18} />
                      </button>
                      <button
                        type="button"
                        class={cx(buttonClasses("ghost", "icon"), "hover:text-red-600")}
                        aria-label={t("todolist.remove", { text: task.text })}
                        title={t("todolist.removeLabel")}
                        onClick={() => update(removeTask(tasks, task.id))}
                      >
                        <TrashIcon size={18} />
                      </button>
                    </>
                  )}
              </li>
            ))}
          </ul>
          <p class="border-t border-line px-4 py-3 text-[13px] text-fg-muted sm:px-5">
            {t("todolist.summary", { count: tasks.length, done })}
          </p>
        </>
      )}
    </div>
  );
}
