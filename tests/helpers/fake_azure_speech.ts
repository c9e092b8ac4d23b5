/**
 * A local stand-in for Azure AI Speech's REST endpoints, built from Microsoft's reference:
 * - text to speech: https://learn.microsoft.com/azure/ai-services/speech-service/rest-text-to-speech
 *   (`POST https://{region}.tts.speech.microsoft.com/cognitiveservices/v1`, headers
 *   `Ocp-Apim-Subscription-Key`, `Content-Type: application/ssml+xml`,
 *   `X-Microsoft-OutputFormat`, `User-Agent`; SSML as in
 *   https://learn.microsoft.com/azure/ai-services/speech-service/speech-synthesis-markup-structure);
 * - speech to text for short audio:
 *   https://learn.microsoft.com/azure/ai-services/speech-service/rest-speech-to-text-short
 *   (`POST https://{region}.stt.speech.microsoft.com/speech/recognition/conversation/cognitiveservices/v1?language=pt-BR`,
 *   `Content-Type: audio/ogg; codecs=opus`, answer `{RecognitionStatus, DisplayText, Offset, Duration}`).
 *
 * The app reaches it through `AZURE_SPEECH_URL` = `{origin}/{region}/{service}` (`azureUrl`),
 * so the region and the service (tts, stt) are in the path where Azure has them in the host.
 * It refuses what Azure refuses: a key that is not this region's (401), a wrong content type
 * (415), a missing or unknown output format, SSML that is not well formed or names an
 * unknown voice, a recognition without `language` (400). Every request is recorded.
 */

/** The resource's region and key the fake knows (an Azure key: 32 hex digits). */
export const AZURE_REGION = "brazilsouth";
export const AZURE_KEY = "0123456789abcdef0123456789abcdef";

/** The Brazilian Portuguese neural voices Azure lists (voices/list, locale pt-BR). */
const VOICES = new Set([
  "pt-BR-AntonioNeural",
  "pt-BR-BrendaNeural",
  "pt-BR-DonatoNeural",
  "pt-BR-ElzaNeural",
  "pt-BR-FabioNeural",
  "pt-BR-FranciscaNeural",
  "pt-BR-GiovannaNeural",
  "pt-BR-HumbertoNeural",
  "pt-BR-JulioNeural",
  "pt-BR-LeilaNeural",
  "pt-BR-LeticiaNeural",
  "pt-BR-ManuelaNeural",
  "pt-BR-NicolauNeural",
  "pt-BR-ThalitaNeural",
  "pt-BR-ValerioNeural",
  "pt-BR-YaraNeural",
]);

/** Output formats of the reference's table that the fake answers, with their content type. */
const FORMATS: Record<string, string> = {
  "ogg-16khz-16bit-mono-opus": "audio/ogg",
  "ogg-24khz-16bit-mono-opus": "audio/ogg",
  "ogg-48khz-16bit-mono-opus": "audio/ogg",
  "audio-24khz-48kbitrate-mono-mp3": "audio/mpeg",
  "riff-24khz-16bit-mono-pcm": "audio/wav",
};

const RECOGNITION_TYPES = [
  "audio/ogg; codecs=opus",
  "audio/wav; codecs=audio/pcm; samplerate=16000",
];

/** What the fake speaks: an Ogg page header and a few bytes, as the media store checks. */
export const AZURE_SPEECH = (() => {
  const bytes = new Uint8Array(40);
  bytes.set(new TextEncoder().encode("OggS"));
  bytes[39] = 0x7a;
  return bytes;
})();

export interface AzureRequest {
  region: string;
  service: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface Synthesis {
  region: string;
  outputFormat: string;
  userAgent: string;
  voice: string;
  lang: string;
  /** The text spoken, its XML entities decoded. */
  text: string;
}

export interface FakeAzureSpeech {
  /** `AZURE_SPEECH_URL` for the app. */
  azureUrl: string;
  /** Every request, refused or not, with its headers. */
  requests: AzureRequest[];
  syntheses: Synthesis[];
  recognitions: { region: string; language: string; contentType: string; size: number }[];
  /** What recognition hears; empty answers `NoMatch`. */
  transcript: string;
  /** Answer every call with this status (a throttled or failing service). */
  failWith: number | null;
  close(): Promise<void>;
}

const ENTITY = /&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi;

/** Text content as XML allows it: no markup, every `&` an entity. */
function wellFormedText(text: string): boolean {
  return !/[<>]/.test(text) && !/&/.test(text.replace(ENTITY, ""));
}

function decode(text: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return text.replace(
    ENTITY,
    (_, name: string) =>
      name.startsWith("#x")
        ? String.fromCodePoint(parseInt(name.slice(2), 16))
        : name.startsWith("#")
        ? String.fromCodePoint(Number(name.slice(1)))
        : named[name.toLowerCase()]!,
  );
}

const ATTRIBUTE = (name: string) => new RegExp(`\\s${name}\\s*=\\s*(['"])([^'"]*)\\1`);

/**
 * The voice, language and text of one SSML document of the form Azure documents
 * (`<speak version xmlns xml:lang><voice name>text</voice></speak>`), or a reason to refuse it.
 */
export function readSsml(ssml: string): { voice: string; lang: string; text: string } | string {
  const shape =
    /^\s*(?:<\?xml[^>]*\?>\s*)?<speak(\s[^>]*)>\s*<voice(\s[^>]*)>([\s\S]*)<\/voice>\s*<\/speak>\s*$/
      .exec(ssml);
  if (!shape) return "not a speak element with one voice";
  const [, speak, voiceAttributes, text] = shape;
  if (ATTRIBUTE("version").exec(speak!)?.[2] !== "1.0") return "speak needs version 1.0";
  if (ATTRIBUTE("xmlns").exec(speak!)?.[2] !== "http://www.w3.org/2001/10/synthesis") {
    return "speak needs the SSML namespace";
  }
  const lang = ATTRIBUTE("xml:lang").exec(speak!)?.[2];
  if (!lang) return "speak needs xml:lang";
  const voice = ATTRIBUTE("name").exec(voiceAttributes!)?.[2] ?? "";
  if (!VOICES.has(voice)) return `unknown voice ${voice}`;
  if (!wellFormedText(text!)) return "the text is not well-formed XML";
  return { voice, lang, text: decode(text!) };
}

export function startFakeAzureSpeech(): FakeAzureSpeech {
  const fake: FakeAzureSpeech = {
    azureUrl: "",
    requests: [],
    syntheses: [],
    recognitions: [],
    transcript: "",
    failWith: null,
    close: () => server.shutdown(),
  };
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, async (request) => {
    const url = new URL(request.url);
    const [, region = "", service = "", ...rest] = url.pathname.split("/");
    const path = `/${rest.join("/")}`;
    const bytes = new Uint8Array(await request.arrayBuffer());
    const headers = Object.fromEntries(request.headers);
    fake.requests.push({
      region,
      service,
      path,
      headers,
      body: new TextDecoder().decode(bytes),
    });
    if (request.method !== "POST") return new Response(null, { status: 405 });
    if (request.headers.get("ocp-apim-subscription-key") !== AZURE_KEY || region !== AZURE_REGION) {
      // Azure's answer to a wrong key or a key of another region's resource.
      return Response.json({
        error: {
          code: "401",
          message:
            "Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.",
        },
      }, { status: 401 });
    }
    if (fake.failWith) return new Response(null, { status: fake.failWith });
    if (service === "tts" && path === "/cognitiveservices/v1") {
      if (request.headers.get("content-type") !== "application/ssml+xml") {
        return new Response(null, { status: 415 });
      }
      const outputFormat = request.headers.get("x-microsoft-outputformat") ?? "";
      const userAgent = request.headers.get("user-agent") ?? "";
      if (!FORMATS[outputFormat] || !userAgent) return new Response(null, { status: 400 });
      const ssml = readSsml(new TextDecoder().decode(bytes));
      if (typeof ssml === "string") return new Response(ssml, { status: 400 });
      fake.syntheses.push({ region, outputFormat, userAgent, ...ssml });
      return new Response(AZURE_SPEECH, { headers: { "content-type": FORMATS[outputFormat]! } });
    }
    if (service === "stt" && path === "/speech/recognition/conversation/cognitiveservices/v1") {
      const language = url.searchParams.get("language");
      if (!language) return new Response(null, { status: 400 });
      const contentType = request.headers.get("content-type") ?? "";
      if (!RECOGNITION_TYPES.includes(contentType)) return new Response(null, { status: 415 });
      fake.recognitions.push({ region, language, contentType, size: bytes.byteLength });
      return Response.json(
        fake.transcript
          ? {
            RecognitionStatus: "Success",
            DisplayText: fake.transcript,
            Offset: 1800000,
            Duration: 21000000,
          }
          : { RecognitionStatus: "NoMatch", Offset: 0, Duration: 0 },
      );
    }
    return new Response(null, { status: 404 });
  });
  fake.azureUrl = `http://127.0.0.1:${server.addr.port}/{region}/{service}`;
  return fake;
}
