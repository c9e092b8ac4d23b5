/**
 * The company's integrations for the queue and connection dialogs' pickers: null while the
 * plan has no `useIntegrations` (the API refuses), so the picker says it is not available.
 */
import { useEffect, useState } from "preact/hooks";
import { api } from "../../lib/client/api.ts";
import type { IntegrationRow } from "../../components/integrations/types.ts";

export type IntegrationChoice = Pick<IntegrationRow, "id" | "name" | "type">;

export function useIntegrationChoices(): IntegrationChoice[] | null {
  const [choices, setChoices] = useState<IntegrationChoice[] | null>(null);
  useEffect(() => {
    api<{ queueIntegrations: IntegrationRow[] }>("/api/queueIntegration")
      .then((page) => setChoices(page.queueIntegrations))
      .catch(() => setChoices(null));
  }, []);
  return choices;
}
