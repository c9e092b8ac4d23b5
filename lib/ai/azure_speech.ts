/**
 * Azure AI Speech over REST, for the prompts that answer with a neural voice and recognise
 * the customers' voice notes with it:
 * - text to speech (https://learn.microsoft.com/azure/ai-services/speech-service/rest-text-to-speech):
 *   `POST https://{region}.tts.speech.microsoft.com/cognitiveservices/v1` with the resource key
 *   in `Ocp-Apim-Subscription-Key`, an SSML body naming the voice, and Ogg/Opus asked for in
 *   `X-Microsoft-OutputFormat`: what WhatsApp plays as a voice note;
 * - speech to text for short audio (https://learn.microsoft.com/azure/ai-services/speech-service/rest-speech-to-text-short):
 *   `POST https://{region}.stt.speech.microsoft.com/speech/recognition/conversation/cognitiveservices/v1?language=…`
 *   with the Ogg/Opus bytes; the answer's `DisplayText` when `RecognitionStatus` is Success.
 *
 * The key goes to Azure's host of its region and nowhere else. The address template is
 * `AZURE_SPEECH_URL` (`{region}` and `{service}` filled in), so tests can point it at a fake.
 */
export const AZURE_SPEECH_URL = "https://{region}.{service}.speech.microsoft.com";

/** Ogg/Opus at 48 kHz, one of the reference's output formats. */
const OUTPUT_FORMAT = "ogg-48khz-16bit-mono-opus";
const RECOGNITION_TYPE = "audio/ogg; codecs=opus";
const USER_AGENT = "Balcao";
const TIMEOUT_MS = 30_000;

/** An Azure region name ("brazilsouth", "eastus2"): it becomes part of a host name. */
export const AZURE_REGION_NAME = /^[a-z0-9]{2,40}$/;

/** Azure refused or failed the call; `message` is what it said, for the admin. */
export class AzureSpeechError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

export interface AzureSpeech {
  /** `text` spoken by `voice` ("pt-BR-FranciscaNeural") as an Ogg/Opus file. */
  synthesize(
    key: string,
    region: string,
    request: { text: string; voice: string },
  ): Promise<Uint8Array<ArrayBuffer>>;
  /** The words of an Ogg/Opus recording in `language` ("pt-BR"); "" when none were heard. */
  recognize(
    key: string,
    region: string,
    request: { audio: Uint8Array<ArrayBuffer>; language: string },
  ): Promise<string>;
}

/** The voice's locale: the first two parts of its name ("pt-BR-FranciscaNeural" → "pt-BR"). */
export function voiceLanguage(voice: string): string {
  return voice.split("-").slice(0, 2).join("-");
}

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!,
  );

/** The SSML document of the reference's structure page: one voice saying the text. */
export function ssmlOf(text: string, voice: string): string {
  return `<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" ` +
    `xml:lang="${escapeXml(voiceLanguage(voice))}">` +
    `<voice name="${escapeXml(voice)}">${escapeXml(text)}</voice></speak>`;
}

/** Azure's words for a refusal (a JSON `error.message`, or the body's text), never the key. */
async function refusalOf(response: Response): Promise<AzureSpeechError> {
  const body = (await response.text()).slice(0, 500);
  let message = body.trim();
  try {
    const json = JSON.parse(body);
    message = json?.error?.message ?? json?.message ?? message;
  } catch {
    // Not JSON: the text as it came.
  }
  return new AzureSpeechError(
    response.status,
    `Azure Speech ${response.status}${message ? `: ${message}` : ""}`,
  );
}

export function createAzureSpeech(
  options: { urlTemplate?: string; timeoutMs?: number } = {},
): AzureSpeech {
  const template = options.urlTemplate ?? AZURE_SPEECH_URL;
  const endpoint = (region: string, service: "tts" | "stt", path: string) => {
    // The region is a company's input and becomes part of the host: only a region name passes.
    if (!AZURE_REGION_NAME.test(region)) {
      throw new AzureSpeechError(400, "Azure Speech: bad region");
    }
    return template.replace("{region}", region).replace("{service}", service) + path;
  };
  const post = async (
    url: string,
    key: string,
    headers: Record<string, string>,
    body: BodyInit,
  ) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Ocp-Apim-Subscription-Key": key, "User-Agent": USER_AGENT, ...headers },
      body,
      redirect: "error",
      signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
    });
    if (!response.ok) throw await refusalOf(response);
    return response;
  };
  return {
    async synthesize(key, region, { text, voice }) {
      const response = await post(
        endpoint(region, "tts", "/cognitiveservices/v1"),
        key,
        { "Content-Type": "application/ssml+xml", "X-Microsoft-OutputFormat": OUTPUT_FORMAT },
        ssmlOf(text, voice),
      );
      return new Uint8Array(await response.arrayBuffer());
    },
    async recognize(key, region, { audio, language }) {
      const query = new URLSearchParams({ language, format: "simple" });
      const response = await post(
        endpoint(
          region,
          "stt",
          `/speech/recognition/conversation/cognitiveservices/v1?${query}`,
        ),
        key,
        { "Content-Type": RECOGNITION_TYPE, Accept: "application/json" },
        audio,
      );
      const result = await response.json() as { RecognitionStatus?: string; DisplayText?: string };
      if (result.RecognitionStatus === "Success") return result.DisplayText ?? "";
      // NoMatch and the silence time-outs: nothing was said that could be understood.
      if (result.RecognitionStatus !== "Error") return "";
      throw new AzureSpeechError(502, "Azure Speech: recognition failed");
    },
  };
}
