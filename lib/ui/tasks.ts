/**
 * The personal to-do list of /todolist (core §1): kept only in this browser, in localStorage
 * under `tasks`; items with blank text are ignored. Pure list operations plus load/save, so
 * the island stays a thin view and the rules are tested without a DOM.
 */

export const TASKS_KEY = "tasks";
/** Long enough for any reminder, short enough that one paste cannot fill the storage. */
export const MAX_TASK_LENGTH = 500;

export interface Task {
  id: string;
  text: string;
  done: boolean;
  /** ISO timestamps. */
  createdAt: string;
  updatedAt: string;
}

function clean(text: string): string {
  return text.trim().slice(0, MAX_TASK_LENGTH);
}

/** Adds a task at the top; blank text leaves the list as it was. */
export function addTask(tasks: readonly Task[], text: string, now: Date, id: string): Task[] {
  const value = clean(text);
  if (!value) return [...tasks];
  const at = now.toISOString();
  return [{ id, text: value, done: false, createdAt: at, updatedAt: at }, ...tasks];
}

/** Changes a task's text; blank text keeps the old one (an edit cannot empty an item). */
export function editTask(tasks: readonly Task[], id: string, text: string, now: Date): Task[] {
  const value = clean(text);
  return tasks.map((task) =>
    task.id === id && value && value !== task.text
      ? { ...task, text: value, updatedAt: now.toISOString() }
      : task
  );
}

export function toggleTask(tasks: readonly Task[], id: string, now: Date): Task[] {
  return tasks.map((task) =>
    task.id === id ? { ...task, done: !task.done, updatedAt: now.toISOString() } : task
  );
}

export function removeTask(tasks: readonly Task[], id: string): Task[] {
  return tasks.filter((task) => task.id !== id);
}

/**
 * Reads what was stored, tolerating older or hand-edited data: entries without text are
 * dropped, missing fields are filled, and anything unreadable gives an empty list.
 */
export function parseTasks(raw: string | null | undefined): Task[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const tasks: Task[] = [];
  const seen = new Set<string>();
  value.forEach((item, index) => {
    if (typeof item !== "object" || item === null) return;
    const entry = item as Partial<Record<keyof Task, unknown>>;
    const text = typeof entry.text === "string" ? clean(entry.text) : "";
    if (!text) return;
    let id = typeof entry.id === "string" && entry.id ? entry.id : `task-${index}`;
    if (seen.has(id)) id = `${id}-${index}`;
    seen.add(id);
    const createdAt = typeof entry.createdAt === "string" ? entry.createdAt : "";
    tasks.push({
      id,
      text,
      done: entry.done === true,
      createdAt,
      updatedAt: typeof entry.updatedAt === "string" ? entry.updatedAt : createdAt,
    });
  });
  return tasks;
}

export function loadTasks(): Task[] {
  try {
    return parseTasks(globalThis.localStorage?.getItem(TASKS_KEY));
  } catch {
    return [];
  }
}

/** Saves the list; returns false when the browser refused (storage full or blocked). */
export function saveTasks(tasks: readonly Task[]): boolean {
  try {
    globalThis.localStorage.setItem(TASKS_KEY, JSON.stringify(tasks));
    return true;
  } catch {
    return false;
  }
}
