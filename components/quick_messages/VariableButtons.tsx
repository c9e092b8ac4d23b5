/**
 * The message variables ({{firstName}}, {{name}}…) as buttons that insert themselves at the
 * text box's cursor: quick messages and schedules both offer them under their message.
 */
import type { RefObject } from "preact";
import { useT } from "../../lib/i18n/client.ts";
import { MESSAGE_VARIABLES } from "./types.ts";

export interface VariableButtonsProps {
  id?: string;
  /** The text box the variable goes into, at its cursor. */
  area: RefObject<HTMLTextAreaElement>;
  value: string;
  onChange: (value: string) => void;
}

export function VariableButtons({ id, area, value, onChange }: VariableButtonsProps) {
  const t = useT();

  function insert(name: string) {
    const box = area.current;
    const token = `{{${name}}}`;
    const start = box?.selectionStart ?? value.length;
    const end = box?.selectionEnd ?? value.length;
    onChange(value.slice(0, start) + token + value.slice(end));
    queueMicrotask(() => {
      box?.focus();
      box?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  return (
    <div id={id} class="flex flex-wrap items-center gap-1.5">
      <span class="text-[13px] text-fg-subtle">{t("quickMessages.variablesHint")}</span>
      {MESSAGE_VARIABLES.map((name) => (
        <button
          key={name}
          type="button"
          title={t(`quickMessages.variables.${name}`)}
          onClick={() => insert(name)}
          class="rounded-md bg-surface-sunken px-1.5 py-0.5 font-mono text-xs text-fg-muted ring-1 ring-line hover:bg-surface-muted hover:text-fg"
        >
          {`{{${name}}}`}
        </button>
      ))}
    </div>
  );
}
