/** Campaigns' shapes (admin §3 "Campaign"), as the API answers them. */
export const CAMPAIGN_STATUSES = [
  "INATIVA",
  "PROGRAMADA",
  "EM_ANDAMENTO",
  "CANCELADA",
  "FINALIZADA",
] as const;
export type CampaignStatus = typeof CAMPAIGN_STATUSES[number];

export const VARIANTS = [1, 2, 3, 4, 5] as const;

export interface Campaign {
  id: number;
  name: string;
  message1: string;
  message2: string;
  message3: string;
  message4: string;
  message5: string;
  confirmationMessage1: string;
  confirmationMessage2: string;
  confirmationMessage3: string;
  confirmationMessage4: string;
  confirmationMessage5: string;
  confirmation: boolean;
  status: CampaignStatus;
  scheduledAt: string | null;
  completedAt: string | null;
  whatsappId: number | null;
  contactListId: number | null;
  tagListId: number | null;
  fileListId: number | null;
  companyId: number;
  mediaPath: string | null;
  mediaName: string | null;
  /** Since when sending waits for the connection to come back; null while it flows. */
  pausedAt: string | null;
  contactList: { id: number; name: string } | null;
  whatsapp: { id: number; name: string; status: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** What a campaign form saves. */
export interface CampaignInput {
  name: string;
  message1: string;
  message2: string;
  message3: string;
  message4: string;
  message5: string;
  confirmationMessage1: string;
  confirmationMessage2: string;
  confirmationMessage3: string;
  confirmationMessage4: string;
  confirmationMessage5: string;
  confirmation: boolean;
  scheduledAt: Date | null;
  whatsappId: number | null;
  contactListId: number | null;
  tagListId: number | null;
  fileListId: number | null;
}
