/** What the ticket screen's parts share: who is looking, and the choices of its pickers. */
import type { QueueChip } from "../../services/users/user_view.ts";
import type { TicketTag } from "../../services/tickets/rows.ts";

export interface TicketViewer {
  id: number;
  name: string;
  admin: boolean;
  /** The viewer's queues: the default queue filter and the new-ticket picker. */
  queueIds: number[];
  /** The viewer's default connection, or null for the company's. */
  whatsappId: number | null;
}

export interface TicketChoices {
  queues: QueueChip[];
  users: { id: number; name: string; queueIds: number[] }[];
  connections: { id: number; name: string }[];
  tags: TicketTag[];
}
