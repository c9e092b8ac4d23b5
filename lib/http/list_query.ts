/** The query string of the API's paged lists (DESIGN §4): `searchParam` and `pageNumber`. */
import { z } from "zod";

export const ListQuery = z.object({
  searchParam: z.string().max(200).optional(),
  pageNumber: z.coerce.number({ error: "Página inválida" }).int("Página inválida")
    .min(1, "Página inválida").max(1_000_000, "Página inválida").default(1),
});
