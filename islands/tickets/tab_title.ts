/**
 * The browser tab shows how many conversations wait to be read, "(3) Atendimentos – Balcão",
 * so an agent working in another tab sees it at a glance; leaving the page restores the title.
 */
import { useEffect, useRef } from "preact/hooks";

export function titleWithCount(base: string, count: number): string {
  return count > 0 ? `(${count > 99 ? "99+" : count}) ${base}` : base;
}

export function useTabTitle(count: number) {
  const base = useRef<string | null>(null);
  useEffect(() => {
    base.current ??= document.title;
    document.title = titleWithCount(base.current, count);
  }, [count]);
  useEffect(() => () => {
    if (base.current !== null) document.title = base.current;
  }, []);
}
