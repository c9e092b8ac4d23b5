/** /todolist: the personal to-do list, inside the shell. */
import TodoList from "../../islands/TodoList.tsx";
import type { TFunction } from "../../lib/i18n/languages.ts";
import { PageHeader } from "../shell/PageHeader.tsx";

export function TodoPage({ t }: { t: TFunction }) {
  return (
    <div class="mx-auto w-full max-w-3xl">
      <PageHeader title={t("todolist.title")} description={t("todolist.intro")} />
      <TodoList />
    </div>
  );
}
