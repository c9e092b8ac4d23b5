/** Queues and their menu options as the screens use them: the API's shapes (services/queues). */
import type { Queue, QueueOption } from "../../services/queues/types.ts";

export type QueueRow = Pick<
  Queue,
  | "id"
  | "name"
  | "color"
  | "greetingMessage"
  | "outOfHoursMessage"
  | "orderQueue"
  | "mediaPath"
  | "mediaName"
  | "schedules"
  | "integrationId"
>;

export type QueueOptionRow = Pick<
  QueueOption,
  | "id"
  | "queueId"
  | "parentId"
  | "title"
  | "message"
  | "option"
  | "forwardQueueId"
  | "kind"
  | "mediaPath"
  | "mediaName"
>;
