/** A tag as the API answers it (services/tags/tags.ts), seen from the browser. */
export interface TagRow {
  id: number;
  name: string;
  color: string;
  kanban: 0 | 1;
  userId: number | null;
  ticketsCount: number;
}
