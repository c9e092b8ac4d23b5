/** Quick messages as the browser handles them. */
import type { QuickMessage } from "../../services/quick_messages/queries.ts";

/** A record as the API answers it (dates arrive as text and are not used here). */
export type QuickMessageRow = Omit<QuickMessage, "createdAt" | "updatedAt">;

/** Who may change a message: its owner, or an admin when it is shared (mirrors the server). */
export function mayChange(
  row: Pick<QuickMessageRow, "userId" | "geral">,
  viewer: { userId: number; isAdmin: boolean },
): boolean {
  return row.userId === viewer.userId || (row.geral && viewer.isAdmin);
}

/** The variables a message may carry, replaced when it is sent in a ticket (core §2). */
export const MESSAGE_VARIABLES = ["firstName", "name", "ms", "protocol", "hora"] as const;
