/**
 * Whether the contact panel shows. On wide screens it sits beside the conversation, open
 * unless the agent closed it (remembered on this device); on narrower ones it is a sheet
 * over the conversation, opened on demand and closed by Escape, its × or the backdrop.
 */
import { useEffect, useState } from "preact/hooks";

const KEY = "contactPanel";
const WIDE = "(min-width: 1280px)";

function isWide(): boolean {
  return typeof matchMedia === "function" && matchMedia(WIDE).matches;
}

function remembered(): boolean {
  try {
    return localStorage.getItem(KEY) !== "closed";
  } catch {
    return true;
  }
}

export function usePanelState() {
  const [wide, setWide] = useState(false);
  const [docked, setDocked] = useState(true);
  const [sheet, setSheet] = useState(false);

  useEffect(() => {
    setWide(isWide());
    setDocked(remembered());
    if (typeof matchMedia !== "function") return;
    const query = matchMedia(WIDE);
    const changed = () => setWide(query.matches);
    query.addEventListener("change", changed);
    return () => query.removeEventListener("change", changed);
  }, []);

  const shown = wide ? docked : sheet;
  useEffect(() => {
    if (wide || !sheet) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setSheet(false);
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [wide, sheet]);

  function remember(open: boolean) {
    setDocked(open);
    try {
      localStorage.setItem(KEY, open ? "open" : "closed");
    } catch { /* storage blocked: the choice lasts for this page */ }
  }

  return {
    shown,
    toggle: () => (wide ? remember(!docked) : setSheet(!sheet)),
    close: () => (wide ? remember(false) : setSheet(false)),
  };
}
