/**
 * The new-message chime, played at the volume of the top bar (lib/ui/volume.ts). Drawn with
 * Web Audio, so no sound file is shipped; silent where audio is blocked until the user
 * interacts with the page.
 */
import { readVolume } from "../../lib/ui/volume.ts";

let context: AudioContext | null = null;

export function playChime(): void {
  const volume = readVolume();
  if (volume <= 0 || typeof AudioContext === "undefined") return;
  // Before the first click or key press the browser refuses to play (autoplay rules); making
  // the context anyway would only log a warning.
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
  try {
    context ??= new AudioContext();
    const now = context.currentTime;
    const gain = context.createGain();
    gain.connect(context.destination);
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.25 * volume, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.5);
    for (const [frequency, start] of [[880, 0], [1318.5, 0.12]] as const) {
      const tone = context.createOscillator();
      tone.type = "sine";
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(now + start);
      tone.stop(now + 0.5);
    }
  } catch {
    // Audio unavailable: the badge and the list still show the message.
  }
}
