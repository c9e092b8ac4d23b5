/**
 * Help videos (admin §3): the installation's own tutorials, the same for every company.
 * Everyone signed in reads them on /helps; only the super user writes them (the routes
 * guard that). The video is stored as its YouTube id (see youtube.ts).
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { AppError } from "../../lib/http/errors.ts";
import { containsPattern, pageClause, pageOf } from "../../lib/db/paging.ts";

export interface Help {
  id: number;
  title: string;
  /** YouTube video id. */
  video: string;
  description: string;
  createdAt: string;
  updatedAt: string;
}

export interface HelpInput {
  title: string;
  video: string;
  description: string;
}

const HELP_COLUMNS = sql`
  id, title, video, description, created_at as "createdAt", updated_at as "updatedAt"`;

/** Every video, oldest first: the order in which the super user added the tutorials. */
export async function listAllHelps(db: Queryable): Promise<Help[]> {
  return await db.query<Help>(sql`select ${HELP_COLUMNS} from helps order by id`);
}

export async function listHelpsPage(
  db: Queryable,
  query: { searchParam: string; pageNumber: number },
): Promise<{ helps: Help[]; hasMore: boolean }> {
  const pattern = containsPattern(query.searchParam);
  const filter = query.searchParam
    ? sql`where title ilike ${pattern} or description ilike ${pattern}`
    : sql.empty;
  const rows = await db.query<Help>(sql`
    select ${HELP_COLUMNS} from helps ${filter}
    order by id ${pageClause(query.pageNumber)}`);
  const page = pageOf(rows);
  return { helps: page.rows, hasMore: page.hasMore };
}

export async function createHelp(db: Queryable, input: HelpInput): Promise<Help> {
  return await db.one<Help>(sql`
    insert into helps (title, video, description)
    values (${input.title}, ${input.video}, ${input.description})
    returning ${HELP_COLUMNS}`);
}

export async function updateHelp(
  db: Queryable,
  id: number,
  input: Partial<HelpInput>,
): Promise<Help> {
  const help = await db.maybeOne<Help>(sql`
    update helps set
      title = coalesce(${input.title ?? null}, title),
      video = coalesce(${input.video ?? null}, video),
      description = coalesce(${input.description ?? null}, description),
      updated_at = now()
    where id = ${id}
    returning ${HELP_COLUMNS}`);
  if (!help) throw new AppError("ERR_NO_HELP_FOUND", 404);
  return help;
}

export async function deleteHelp(db: Queryable, id: number): Promise<void> {
  const result = await db.run(sql`delete from helps where id = ${id}`);
  if (result.rowCount === 0) throw new AppError("ERR_NO_HELP_FOUND", 404);
}
