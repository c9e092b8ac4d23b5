/** What the schedules screens show of a schedule (services/schedules/queries.ts, as JSON). */
export type ScheduleStatus = "PENDENTE" | "AGENDADA" | "ENVIADA" | "ERRO";

export interface ScheduleRow {
  id: number;
  body: string;
  contactId: number;
  contact: { id: number; name: string; number: string };
  userId: number | null;
  sendAt: string;
  sentAt: string | null;
  status: ScheduleStatus;
  error: string | null;
  mediaPath: string | null;
  mediaName: string | null;
}

export type CalendarView = "month" | "week" | "day";
export const CALENDAR_VIEWS: readonly CalendarView[] = ["month", "week", "day"];
