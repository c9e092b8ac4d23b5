/**
 * The attachment of a quick message: the current file (a link that opens it), a button to
 * remove it, and a picker for a new one. Files are checked for size here too, so a 40 MB
 * video is refused before it is sent.
 */
import { MAX_MEDIA_BYTES } from "../../lib/media/limits.ts";
import { MEDIA_EXTENSIONS } from "../../lib/media/types.ts";
import { useT } from "../../lib/i18n/client.ts";
import { Button, buttonClasses } from "../ui/Button.tsx";

export interface AttachmentValue {
  /** The stored attachment, kept unless removed or replaced. */
  current: { name: string; url: string } | null;
  /** A newly picked file, uploaded on save. */
  file: File | null;
}

export interface AttachmentFieldProps {
  value: AttachmentValue;
  error?: string;
  onChange: (value: AttachmentValue, error?: string) => void;
  /** The field's label and hint; a quick message's when absent. */
  label?: string;
  hint?: string;
  /** The file types offered (schedules take pictures only). @default every media type */
  extensions?: readonly string[];
}

/** The field's starting value for a record that may already have an attachment. */
export function attachmentOf(
  record: { mediaPath: string | null; mediaName: string | null } | undefined,
  address: (url: string) => string,
): AttachmentValue {
  return {
    current: record?.mediaPath
      ? { name: record.mediaName ?? "", url: address(record.mediaPath) }
      : null,
    file: null,
  };
}

export function AttachmentField(
  { value, error, onChange, label, hint, extensions = MEDIA_EXTENSIONS }: AttachmentFieldProps,
) {
  const accept = extensions.map((extension) => `.${extension}`).join(",");
  const t = useT();
  const shown = value.file?.name ?? value.current?.name;

  function pick(event: Event) {
    const input = event.currentTarget as HTMLInputElement;
    const file = input.files?.[0] ?? null;
    input.value = "";
    if (!file) return;
    if (file.size > MAX_MEDIA_BYTES) {
      onChange(value, t("errors.ERR_MEDIA_TOO_LARGE"));
      return;
    }
    onChange({ ...value, file });
  }

  return (
    <div class="flex flex-col gap-1.5">
      <span class="text-sm font-medium text-fg">{label ?? t("quickMessages.attachmentLabel")}</span>
      <div class="flex flex-wrap items-center gap-2 rounded-lg border border-dashed border-line-strong px-3 py-2">
        {shown
          ? (
            value.current && !value.file
              ? (
                <a
                  href={value.current.url}
                  target="_blank"
                  rel="noopener"
                  class="min-w-32 flex-1 truncate text-sm text-brand-700 underline dark:text-brand-300"
                >
                  {shown}
                </a>
              )
              : <span class="min-w-32 flex-1 truncate text-sm text-fg">{shown}</span>
          )
          : (
            <span class="min-w-0 flex-1 text-sm text-fg-subtle">
              {t("quickMessages.noAttachment")}
            </span>
          )}
        {shown && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onChange({ current: null, file: null })}
          >
            {t("quickMessages.removeAttachment")}
          </Button>
        )}
        <label class={buttonClasses("secondary", "sm") + " cursor-pointer"}>
          {t("quickMessages.chooseFile")}
          <input type="file" accept={accept} class="sr-only" onChange={pick} />
        </label>
      </div>
      {error
        ? <p class="text-[13px] text-red-700 dark:text-red-400">{error}</p>
        : <p class="text-[13px] text-fg-subtle">{hint ?? t("quickMessages.attachmentHint")}</p>}
    </div>
  );
}
