/**
 * Voice notes (core §4 "Audio recording"): start, cancel, send. Recorded at 128 kbps; a
 * recording under 10,000 bytes (a slip of the finger) is discarded rather than sent.
 */
export const MIN_AUDIO_BYTES = 10_000;
export const AUDIO_BITS_PER_SECOND = 128_000;

export interface Recording {
  /** Stops and answers the audio, or null when it was too short to keep. */
  finish: () => Promise<File | null>;
  cancel: () => void;
}

const TYPES = ["audio/ogg;codecs=opus", "audio/webm;codecs=opus", "audio/mp4", "audio/webm"];

export async function startRecording(): Promise<Recording> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const mimeType = TYPES.find((type) => MediaRecorder.isTypeSupported(type));
  const recorder = new MediaRecorder(stream, {
    mimeType,
    audioBitsPerSecond: AUDIO_BITS_PER_SECOND,
  });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => event.data.size > 0 && chunks.push(event.data);
  recorder.start();
  const release = () => stream.getTracks().forEach((track) => track.stop());
  const stopped = new Promise<void>((resolve) => (recorder.onstop = () => resolve()));
  return {
    finish: async () => {
      recorder.stop();
      await stopped;
      release();
      const type = recorder.mimeType || "audio/webm";
      const blob = new Blob(chunks, { type });
      if (blob.size < MIN_AUDIO_BYTES) return null;
      const extension = type.includes("ogg") ? "ogg" : type.includes("mp4") ? "m4a" : "webm";
      return new File([blob], `audio-${Date.now()}.${extension}`, { type: type.split(";")[0] });
    },
    cancel: () => {
      if (recorder.state !== "inactive") recorder.stop();
      release();
    },
  };
}
