/**
 * File lists (admin §2 "Files", §7): a named list with a message and option rows, each option
 * holding one uploaded file (any type the media store accepts); a campaign sends its file
 * list's files before its message. Names are unique per company (whatever their case).
 */
import { type Queryable, sql } from "../../lib/db/mod.ts";
import { containsPattern, pageClause, pageOf } from "../../lib/db/paging.ts";
import { AppError, conflictOnDuplicate } from "../../lib/http/errors.ts";
import { channels, rooms } from "../../lib/realtime/channels.ts";
import type { ServiceDeps } from "../deps.ts";

export type FilesDeps = Pick<ServiceDeps, "db" | "hub" | "media">;

export interface FileOption {
  id: number;
  name: string;
  path: string | null;
  mediaName: string | null;
  mediaType: string | null;
}

export interface FileList {
  id: number;
  name: string;
  message: string;
  options: FileOption[];
}

export interface FileInput {
  name: string;
  message: string;
  /** Options kept by id, new ones without; those missing are deleted with their files. */
  options: { id?: number; name: string }[];
}

const FILE_COLUMNS = sql`
  f.id, f.name, f.message,
  coalesce((select jsonb_agg(jsonb_build_object('id', o.id, 'name', o.name, 'path', o.path,
                                                'mediaName', o.media_name,
                                                'mediaType', o.media_type) order by o.id)
            from file_options o where o.file_id = f.id), '[]'::jsonb) as options`;

export async function listFiles(
  db: Queryable,
  companyId: number,
  query: { searchParam: string; pageNumber: number },
): Promise<{ files: FileList[]; hasMore: boolean }> {
  const search = query.searchParam
    ? sql`and lower(f.name) like ${containsPattern(query.searchParam)}`
    : sql.empty;
  const rows = await db.query<FileList>(sql`
    select ${FILE_COLUMNS} from files f where f.company_id = ${companyId} ${search}
    order by lower(f.name), f.id ${pageClause(query.pageNumber)}`);
  const page = pageOf(rows);
  return { files: page.rows, hasMore: page.hasMore };
}

export function allFiles(db: Queryable, companyId: number): Promise<FileList[]> {
  return db.query<FileList>(sql`
    select ${FILE_COLUMNS} from files f where f.company_id = ${companyId}
    order by lower(f.name), f.id`);
}

export async function showFile(db: Queryable, companyId: number, id: number): Promise<FileList> {
  const row = await db.maybeOne<FileList>(sql`
    select ${FILE_COLUMNS} from files f where f.company_id = ${companyId} and f.id = ${id}`);
  if (!row) throw new AppError("ERR_NO_FILE_FOUND", 404);
  return row;
}

async function publish(deps: FilesDeps, companyId: number, event: Record<string, unknown>) {
  await deps.hub.publish(rooms.company(companyId), channels.file(companyId), event);
}

export async function createFile(
  deps: FilesDeps,
  companyId: number,
  userId: number,
  input: FileInput,
): Promise<FileList> {
  const id = await conflictOnDuplicate(
    "ERR_FILE_NAME_EXISTS",
    () =>
      deps.db.transaction(async (tx) => {
        const row = await tx.one<{ id: number }>(sql`
        insert into files (company_id, name, message, user_id)
        values (${companyId}, ${input.name}, ${input.message}, ${userId}) returning id`);
        for (const option of input.options) {
          await tx.run(sql`insert into file_options (company_id, file_id, name)
                         values (${companyId}, ${row.id}, ${option.name})`);
        }
        return row.id;
      }),
  );
  const record = await showFile(deps.db, companyId, id);
  await publish(deps, companyId, { action: "create", fileList: record });
  return record;
}

export async function updateFile(
  deps: FilesDeps,
  companyId: number,
  id: number,
  input: FileInput,
): Promise<FileList> {
  const removed = await conflictOnDuplicate(
    "ERR_FILE_NAME_EXISTS",
    () =>
      deps.db.transaction(async (tx) => {
        const current = await showFile(tx, companyId, id);
        await tx.run(sql`update files set name = ${input.name}, message = ${input.message},
                       updated_at = now() where company_id = ${companyId} and id = ${id}`);
        const kept = new Set(input.options.flatMap((o) => o.id === undefined ? [] : [o.id]));
        const gone = current.options.filter((o) => !kept.has(o.id));
        await tx.run(sql`delete from file_options where file_id = ${id}
                       and id = any(${gone.map((o) => o.id)}::int[])`);
        for (const option of input.options) {
          if (option.id === undefined) {
            await tx.run(sql`insert into file_options (company_id, file_id, name)
                           values (${companyId}, ${id}, ${option.name})`);
          } else {
            const changed = await tx.maybeOne(sql`
            update file_options set name = ${option.name}, updated_at = now()
            where file_id = ${id} and id = ${option.id} returning id`);
            if (!changed) throw new AppError("ERR_NO_FILE_OPTION_FOUND", 404);
          }
        }
        return gone;
      }),
  );
  for (const option of removed) if (option.path) await deps.media.remove(option.path);
  const record = await showFile(deps.db, companyId, id);
  await publish(deps, companyId, { action: "update", fileList: record });
  return record;
}

export async function deleteFile(deps: FilesDeps, companyId: number, id: number) {
  const current = await showFile(deps.db, companyId, id);
  await deps.db.run(sql`delete from files where company_id = ${companyId} and id = ${id}`);
  for (const option of current.options) if (option.path) await deps.media.remove(option.path);
  await publish(deps, companyId, { action: "delete", fileId: id });
}

export const FILE_MEDIA_AREA = "file-lists";

/** Stores each uploaded file on its option (`ids[i]` gets `files[i]`), replacing the old. */
export async function uploadFileOptions(
  deps: FilesDeps,
  companyId: number,
  id: number,
  uploads: { optionId: number; file: File }[],
): Promise<FileList> {
  const current = await showFile(deps.db, companyId, id);
  for (const upload of uploads) {
    if (!current.options.some((o) => o.id === upload.optionId)) {
      throw new AppError("ERR_NO_FILE_OPTION_FOUND", 404);
    }
  }
  for (const upload of uploads) {
    const stored = await deps.media.save(companyId, FILE_MEDIA_AREA, upload.file);
    const previous = await deps.db.maybeOne<{ path: string | null }>(sql`
      with old as (select path from file_options where id = ${upload.optionId} for update)
      update file_options set path = ${stored.path}, media_name = ${stored.name},
             media_type = ${stored.kind}, updated_at = now()
      where id = ${upload.optionId} and file_id = ${id}
      returning (select path from old)`);
    if (previous?.path) await deps.media.remove(previous.path);
  }
  const record = await showFile(deps.db, companyId, id);
  await publish(deps, companyId, { action: "update", fileList: record });
  return record;
}
