/**
 * The shapes of the queues area (queues, their menu options, the caller), shared by its
 * modules so that none of them imports another only for a type.
 */
import type { Principal } from "../../lib/http/auth.ts";
import type { ServiceDeps } from "../deps.ts";
import type { OpeningHoursDay } from "../companies/weekdays.ts";
import type { OptionTreeNode, QueueOptionKind } from "./option_tree.ts";

export interface Queue {
  id: number;
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: number | null;
  integrationId: number | null;
  promptId: number | null;
  /** The URL that serves the media to signed-in users of the company, or null. */
  mediaPath: string | null;
  mediaName: string | null;
  schedules: OpeningHoursDay[];
  createdAt: Date;
  updatedAt: Date;
}

export interface QueueInput {
  name: string;
  color: string;
  greetingMessage?: string;
  outOfHoursMessage?: string;
  orderQueue?: number | null;
  integrationId?: number | null;
  promptId?: number | null;
  schedules?: OpeningHoursDay[];
  /** The whole chatbot menu, when the dialog saves it with the queue (option_tree.ts). */
  options?: OptionTreeNode[];
}

/** Files sent with a queue save, by the `mediaKey` the option tree names them with. */
export type OptionUploads = ReadonlyMap<string, File>;

/** Where queue and option media are stored, under the company's media folder. */
export const QUEUE_MEDIA_AREA = "queues";

export type QueueDeps = Pick<ServiceDeps, "db" | "hub" | "media">;

export type Who = Pick<Principal, "companyId" | "userId" | "profile" | "super">;

export interface QueueOption {
  id: number;
  queueId: number;
  /** Null for the queue's top level. */
  parentId: number | null;
  title: string;
  message: string;
  option: string;
  /** The queue a leaf hands the ticket to when chosen; null: it stays in this queue. */
  forwardQueueId: number | null;
  /** "billing": the "segunda via" leaf (asks for a CPF/CNPJ, answers the open bills). */
  kind: QueueOptionKind;
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface QueueOptionInput {
  queueId: number;
  parentId: number | null;
  title: string;
  message?: string;
  option?: string;
}

export type QueueOptionDeps = Pick<ServiceDeps, "db" | "hub" | "media">;
