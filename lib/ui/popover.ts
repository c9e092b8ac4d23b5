/**
 * A disclosure that closes itself: a click or tap outside its root, or Escape (which also
 * gives the focus back to the button that opened it). For the top bar's small panels.
 *
 * @example
 * const menu = usePopover<HTMLDivElement>();
 * <div ref={menu.root}><button ref={menu.button} onClick={menu.toggle} aria-expanded={menu.open}/>
 *   {menu.open && <div>…</div>}</div>
 */
import { useEffect, useRef, useState } from "preact/hooks";

export function usePopover<T extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false);
  const root = useRef<T>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("keydown", escape);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("keydown", escape);
    };
  }, [open]);

  return {
    open,
    root,
    button,
    toggle: () => setOpen((value) => !value),
    close: () => setOpen(false),
  };
}
