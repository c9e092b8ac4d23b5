/**
 * The notification volume (core §9): a speaker button opening a slider from 0 to 1 in steps
 * of 0.1. The value lives in localStorage (`lib/ui/volume.ts`), which the server cannot read,
 * so the first render shows the default and the stored value replaces it once mounted.
 */
import { signal } from "@preact/signals";
import { useEffect } from "preact/hooks";
import { useT } from "../../../lib/i18n/client.ts";
import { usePopover } from "../../../lib/ui/popover.ts";
import { DEFAULT_VOLUME, readVolume, VOLUME_STEP, writeVolume } from "../../../lib/ui/volume.ts";
import { buttonClasses } from "../../ui/Button.tsx";
import { VolumeIcon } from "../icons.tsx";
import { POPOVER_ANCHOR, PopoverPanel } from "./PopoverPanel.tsx";

/** The slider itself, also used inside the account menu on small screens. */
export function VolumeSlider(
  { id, value, onChange }: { id: string; value: number; onChange: (value: number) => void },
) {
  const t = useT();
  const percent = Math.round(value * 100);
  return (
    <div class="flex items-center gap-3">
      <button
        type="button"
        class="grid size-8 shrink-0 place-items-center rounded-lg text-fg-muted hover:bg-surface-muted hover:text-fg"
        aria-label={value > 0 ? t("shell.volume.mute") : t("shell.volume.unmute")}
        title={value > 0 ? t("shell.volume.mute") : t("shell.volume.unmute")}
        onClick={() => onChange(value > 0 ? 0 : DEFAULT_VOLUME)}
      >
        <VolumeIcon level={value} size={18} />
      </button>
      <input
        id={id}
        type="range"
        min="0"
        max="1"
        step={VOLUME_STEP}
        value={value}
        aria-label={t("shell.volume.label")}
        aria-valuetext={`${percent}%`}
        onInput={(event) => onChange(Number((event.currentTarget as HTMLInputElement).value))}
        class="h-1.5 min-w-0 flex-1 cursor-pointer accent-brand-600 dark:accent-brand-400"
      />
      <output for={id} class="w-10 text-right text-xs tabular-nums text-fg-muted">
        {percent}%
      </output>
    </div>
  );
}

/** One value for every control on the page (the bar's and the account menu's). */
const volumeSignal = signal(DEFAULT_VOLUME);

/** The stored volume and its setter, which stores too. */
export function useVolume(): [number, (value: number) => void] {
  useEffect(() => {
    volumeSignal.value = readVolume();
  }, []);
  return [volumeSignal.value, (value) => volumeSignal.value = writeVolume(value)];
}

export function VolumeControl() {
  const t = useT();
  const popover = usePopover();
  const [volume, setVolume] = useVolume();
  const label = t("shell.volume.label");
  return (
    <div ref={popover.root} class={POPOVER_ANCHOR}>
      <button
        ref={popover.button}
        type="button"
        class={buttonClasses("ghost", "icon")}
        aria-label={label}
        title={label}
        aria-expanded={popover.open}
        aria-controls="shell-volume"
        data-volume={volume}
        onClick={popover.toggle}
      >
        <VolumeIcon level={volume} />
      </button>
      {popover.open && (
        <PopoverPanel id="shell-volume" label={label} class="sm:w-64">
          <div class="px-4 pb-4 pt-3">
            <p class="mb-2 text-[13px] font-medium text-fg">{label}</p>
            <VolumeSlider id="shell-volume-range" value={volume} onChange={setVolume} />
          </div>
        </PopoverPanel>
      )}
    </div>
  );
}
