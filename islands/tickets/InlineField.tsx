/**
 * A value edited where it is shown: the text with a pencil; the pencil (or Enter on it)
 * turns it into a field, Enter or leaving the field saves, Escape puts the old value back.
 * A refused save keeps the field open with the server's reason under it.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { PencilIcon } from "../../components/icons.tsx";
import { CONTROL_CLASSES } from "../../components/ui/Field.tsx";
import { cx } from "../../components/ui/cx.ts";
import { errorMessage } from "../../lib/client/api.ts";
import { useT } from "../../lib/i18n/client.ts";

export interface InlineFieldProps {
  id: string;
  label: string;
  value: string;
  type?: "text" | "email" | "tel";
  /** Shown instead of an empty value. */
  placeholder: string;
  onSave: (value: string) => Promise<void>;
}

export function InlineField(props: InlineFieldProps) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(props.value);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const pencil = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (editing) input.current?.select();
  }, [editing]);

  async function save() {
    if (busy) return;
    if (draft.trim() === props.value) return close();
    setBusy(true);
    try {
      await props.onSave(draft.trim());
      close();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  function close() {
    setEditing(false);
    setError(null);
    requestAnimationFrame(() => pencil.current?.focus());
  }

  return (
    <div class="min-w-0">
      <dt>
        <label for={props.id} class="text-xs font-medium text-fg-subtle">{props.label}</label>
      </dt>
      <dd class="mt-0.5">
        {editing
          ? (
            <>
              <input
                ref={input}
                id={props.id}
                type={props.type ?? "text"}
                value={draft}
                disabled={busy}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${props.id}-error` : undefined}
                class={cx(CONTROL_CLASSES, "h-8 py-1 text-sm")}
                onInput={(event) => setDraft(event.currentTarget.value)}
                onBlur={() => void save()}
                onKeyDown={(event) => {
                  if (event.key === "Enter") {
                    event.preventDefault();
                    void save();
                  } else if (event.key === "Escape") {
                    event.preventDefault();
                    event.stopPropagation();
                    setDraft(props.value);
                    close();
                  }
                }}
              />
              {error && (
                <p id={`${props.id}-error`} role="alert" class="mt-1 text-xs text-red-600">
                  {error}
                </p>
              )}
            </>
          )
          : (
            <button
              ref={pencil}
              type="button"
              id={props.id}
              class="group flex w-full min-w-0 items-center gap-2 rounded-md px-1 py-0.5 -mx-1 text-left text-sm hover:bg-surface-muted"
              aria-label={t("tickets.panel.edit", {
                field: props.label,
                value: props.value || props.placeholder,
              })}
              onClick={() => {
                setDraft(props.value);
                setEditing(true);
              }}
            >
              <span class={cx("min-w-0 flex-1 truncate", !props.value && "text-fg-subtle")}>
                {props.value || props.placeholder}
              </span>
              <PencilIcon
                size={14}
                class="shrink-0 text-fg-subtle opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100"
              />
            </button>
          )}
      </dd>
    </div>
  );
}
