/** The badge colour of each campaign state, the same on the list and on the report. */
import type { BadgeTone } from "../../components/ui/Badge.tsx";
import type { CampaignStatus } from "../../services/campaigns/types.ts";

export const STATUS_TONES: Record<CampaignStatus, BadgeTone> = {
  INATIVA: "neutral",
  PROGRAMADA: "info",
  EM_ANDAMENTO: "brand",
  CANCELADA: "danger",
  FINALIZADA: "success",
};
