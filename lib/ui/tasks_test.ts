import assert from "node:assert/strict";
import {
  addTask,
  editTask,
  loadTasks,
  MAX_TASK_LENGTH,
  parseTasks,
  removeTask,
  saveTasks,
  TASKS_KEY,
  toggleTask,
} from "./tasks.ts";

const now = new Date("2026-03-01T12:00:00Z");
const later = new Date("2026-03-01T13:00:00Z");

Deno.test("tasks: add at the top, trimmed; blank text is ignored", () => {
  const one = addTask([], "  Ligar para a Ana  ", now, "a");
  assert.deepEqual(one, [{
    id: "a",
    text: "Ligar para a Ana",
    done: false,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  }]);
  const two = addTask(one, "Enviar proposta", now, "b");
  assert.deepEqual(two.map((t) => t.id), ["b", "a"]);
  assert.deepEqual(addTask(two, "   ", now, "c"), two);
  assert.equal(addTask([], "x".repeat(MAX_TASK_LENGTH + 50), now, "d")[0]!.text.length, 500);
});

Deno.test("tasks: edit changes the text; a blank edit keeps the old text", () => {
  const list = addTask([], "Primeira", now, "a");
  const edited = editTask(list, "a", " Segunda ", later);
  assert.equal(edited[0]!.text, "Segunda");
  assert.equal(edited[0]!.updatedAt, later.toISOString());
  assert.equal(edited[0]!.createdAt, now.toISOString());
  assert.deepEqual(editTask(edited, "a", "  ", later), edited);
  assert.deepEqual(editTask(edited, "missing", "x", later), edited);
});

Deno.test("tasks: complete and reopen, remove", () => {
  const list = addTask(addTask([], "A", now, "a"), "B", now, "b");
  const done = toggleTask(list, "a", later);
  assert.equal(done.find((t) => t.id === "a")!.done, true);
  assert.equal(toggleTask(done, "a", later).find((t) => t.id === "a")!.done, false);
  assert.deepEqual(removeTask(done, "a").map((t) => t.id), ["b"]);
});

Deno.test("parseTasks tolerates junk, older shapes and duplicate ids", () => {
  assert.deepEqual(parseTasks(null), []);
  assert.deepEqual(parseTasks("{not json"), []);
  assert.deepEqual(parseTasks('{"text":"x"}'), []);
  const parsed = parseTasks(JSON.stringify([
    { text: "Sem id" },
    { id: "x", text: "  ", done: true },
    "texto solto",
    { id: "y", text: "Um", done: true, createdAt: "2026-01-01T00:00:00.000Z" },
    { id: "y", text: "Dois" },
  ]));
  assert.deepEqual(parsed.map((t) => [t.id, t.text, t.done]), [
    ["task-0", "Sem id", false],
    ["y", "Um", true],
    ["y-4", "Dois", false],
  ]);
  assert.equal(parsed[1]!.updatedAt, "2026-01-01T00:00:00.000Z");
});

Deno.test("loadTasks/saveTasks round-trip through localStorage `tasks`", () => {
  localStorage.removeItem(TASKS_KEY);
  try {
    assert.deepEqual(loadTasks(), []);
    const list = addTask([], "Guardar", now, "a");
    assert.equal(saveTasks(list), true);
    assert.deepEqual(JSON.parse(localStorage.getItem(TASKS_KEY)!), list);
    assert.deepEqual(loadTasks(), list);
  } finally {
    localStorage.removeItem(TASKS_KEY);
  }
});
