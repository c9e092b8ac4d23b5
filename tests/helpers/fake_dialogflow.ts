/**
 * Dialogflow ES's `detectIntent`, as its reference has it
 * (https://cloud.google.com/dialogflow/es/docs/reference/rest/v2/projects.agent.sessions/detectIntent,
 * https://cloud.google.com/dialogflow/es/docs/reference/rest/v2/projects.locations.agent.sessions/detectIntent,
 * regions: https://cloud.google.com/dialogflow/es/docs/how/region, limits:
 * https://cloud.google.com/dialogflow/quotas#es-agent_1), for the integration fake:
 * - a global agent at `{root}/v2/projects/{p}/agent/sessions/{s}:detectIntent`; a regional
 *   one at `{root}/regional/{region}/v2/projects/{p}/locations/{region}/agent/sessions/…`
 *   (the regional host `{region}-dialogflow.googleapis.com`, in the path here);
 * - refused as Google refuses: no token 401, an agent asked at the wrong place 404 or 400,
 *   a text over 256 characters 400 INVALID_ARGUMENT, `failures` answered first (429
 *   RESOURCE_EXHAUSTED, 503 UNAVAILABLE), each with Google's error body
 *   `{error: {code, message, status}}`.
 */

export interface DetectCall {
  path: string;
  authorization: string | null;
  body: Record<string, unknown>;
}

export interface FakeDialogflow {
  /** Each project's agent and where it lives: "global" or a region such as europe-west2. */
  agents: Record<string, string>;
  /** The bearer tokens the token endpoint issued. */
  tokens: Set<string>;
  calls: DetectCall[];
  /** Statuses answered, one per call, before the agent answers again. */
  failures: number[];
  reply: (text: string) => unknown;
  handle(path: string, authorization: string | null, body: Record<string, unknown>): Response;
}

const STATUS_NAMES: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
};

export function googleError(code: number, message: string): Response {
  return Response.json({ error: { code, message, status: STATUS_NAMES[code] ?? "UNKNOWN" } }, {
    status: code,
  });
}

/** The longest text `queryInput.text.text` takes (characters). */
export const DIALOGFLOW_TEXT_LIMIT = 256;

const PATH =
  /^(?:\/regional\/([a-z0-9-]+))?\/v2\/projects\/([^/]+)(?:\/locations\/([^/]+))?\/agent\/sessions\/([^/:]+):detectIntent$/;

export function createFakeDialogflow(): FakeDialogflow {
  const fake: FakeDialogflow = {
    agents: {},
    tokens: new Set(),
    calls: [],
    failures: [],
    reply: () => ({ queryResult: {} }),
    handle(path, authorization, body) {
      fake.calls.push({ path, authorization, body });
      const token = /^Bearer (.+)$/.exec(authorization ?? "")?.[1];
      if (!token || !fake.tokens.has(token)) {
        return googleError(401, "Request had invalid authentication credentials.");
      }
      const shape = PATH.exec(path);
      if (!shape) return googleError(404, "Not found.");
      const [, host = "global", project, location = "global"] = shape;
      const home = fake.agents[project!];
      if (location !== host && !(host === "global" && location === "global")) {
        return googleError(
          400,
          `Please switch to '${location}-dialogflow.googleapis.com' to access resources located in '${location}'.`,
        );
      }
      if (home !== location) {
        return googleError(404, `No DesignTimeAgent found for project '${project}'.`);
      }
      const failure = fake.failures.shift();
      if (failure) return googleError(failure, "The service is currently unavailable.");
      const text = (body.queryInput as { text?: { text?: unknown; languageCode?: unknown } })
        ?.text;
      if (typeof text?.text !== "string" || !text.text.trim()) {
        return googleError(400, "Text input must not be empty.");
      }
      if (typeof text.languageCode !== "string") {
        return googleError(400, "Language code is required.");
      }
      if ([...text.text].length > DIALOGFLOW_TEXT_LIMIT) {
        return googleError(400, `Input text exceeds ${DIALOGFLOW_TEXT_LIMIT} characters.`);
      }
      return Response.json(fake.reply(text.text));
    },
  };
  return fake;
}
