/** Queues and their menu options as the API answers them (services/queues). */
import type { OpeningHoursDay } from "../../services/companies/weekdays.ts";

export interface QueueRow {
  id: number;
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: number | null;
  mediaPath: string | null;
  mediaName: string | null;
  schedules: OpeningHoursDay[];
}

export interface QueueOptionRow {
  id: number;
  queueId: number;
  parentId: number | null;
  title: string;
  message: string;
  option: string;
}
