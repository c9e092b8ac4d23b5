/** A tag as the API answers it (dates arrive as text and are not used in the browser). */
import type { Tag } from "../../services/tags/tags.ts";

export type TagRow = Omit<Tag, "createdAt" | "updatedAt">;
