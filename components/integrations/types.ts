/** Queue integrations as the screens use them: the API's shapes (services/integrations). */
import type { QueueIntegration } from "../../services/integrations/types.ts";

export { DIALOGFLOW_LANGUAGES, INTEGRATION_TYPES } from "../../services/integrations/types.ts";

/** An integration as the list and the dialog show it (`hmacSecret` only when one is read). */
export type IntegrationRow = Omit<QueueIntegration, "createdAt" | "updatedAt">;
