/**
 * Baileys' auth state kept in Postgres (`whatsapp_auth`): the creds as one row, and every
 * signal key (pre-keys, sessions, sender keys, app-state keys and versions, LID mappings,
 * device lists, tc-tokens, identity keys…) as one row per (type, id). Values are JSON with
 * Baileys' Buffer encoding. Each `keys.set` and each creds save is one transaction, so a
 * crash never leaves half a change; unknown key types are stored the same way, so a later
 * Baileys that adds one loses nothing.
 */
import { BufferJSON, initAuthCreds, proto } from "baileys";
import type {
  AuthenticationCreds,
  AuthenticationState,
  SignalDataSet,
  SignalDataTypeMap,
} from "baileys";
import { type Db, sql } from "../../../lib/db/mod.ts";

const CREDS = "creds";

export interface PostgresAuthState {
  state: AuthenticationState;
  /** Persists the creds (call on every `creds.update`). */
  saveCreds(): Promise<void>;
  /** Forgets everything: the next start needs a new QR. */
  clear(): Promise<void>;
}

type Owner = { companyId: number; connectionId: number };

function encode(value: unknown): string {
  return JSON.stringify(value, BufferJSON.replacer);
}

function decode<T>(text: string): T {
  return JSON.parse(text, BufferJSON.reviver) as T;
}

export interface AuthStateHooks {
  /**
   * A LID ↔ phone number mapping Baileys stored, whichever way it learned it (a message's
   * envelope, a device list, history sync, a LID migration): the user parts, digits only.
   */
  onLidMapping?(lid: string, number: string): void;
}

export async function openPostgresAuthState(
  db: Db,
  owner: Owner,
  hooks: AuthStateHooks = {},
): Promise<PostgresAuthState> {
  const where = sql`company_id = ${owner.companyId} and whatsapp_id = ${owner.connectionId}`;
  const stored = await db.maybeOne<{ value: string }>(
    sql`select value from whatsapp_auth where ${where} and type = ${CREDS} and id = ''`,
  );
  const creds: AuthenticationCreds = stored ? decode(stored.value) : initAuthCreds();

  async function get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
    const result: { [id: string]: SignalDataTypeMap[T] } = {};
    if (ids.length === 0) return result;
    const rows = await db.query<{ id: string; value: string }>(sql`
      select id, value from whatsapp_auth
      where ${where} and type = ${type} and id = any(${ids}::text[])`);
    for (const row of rows) {
      let value = decode<SignalDataTypeMap[T]>(row.value);
      if (type === "app-state-sync-key") {
        // Baileys expects the protobuf object, not the plain JSON it was saved from.
        value = proto.Message.AppStateSyncKeyData.fromObject(
          value as object,
        ) as unknown as SignalDataTypeMap[T];
      }
      result[row.id] = value;
    }
    return result;
  }

  // Rows travel as parallel arrays through unnest, so the statement's text is the same for
  // one key or three hundred (the driver prepares each text once per connection).
  async function set(data: SignalDataSet): Promise<void> {
    await setRows(data);
    // Baileys keeps each mapping twice: pn → lid, and `${lid}_reverse` → pn.
    for (const [id, value] of Object.entries(data["lid-mapping"] ?? {})) {
      if (typeof value !== "string") continue;
      if (id.endsWith("_reverse")) hooks.onLidMapping?.(id.slice(0, -"_reverse".length), value);
      else hooks.onLidMapping?.(value, id);
    }
  }

  async function setRows(data: SignalDataSet): Promise<void> {
    const upserts = { types: [] as string[], ids: [] as string[], values: [] as string[] };
    const deletes = { types: [] as string[], ids: [] as string[] };
    for (const [type, entries] of Object.entries(data)) {
      for (const [id, value] of Object.entries(entries ?? {})) {
        if (value === null || value === undefined) {
          deletes.types.push(type);
          deletes.ids.push(id);
        } else {
          upserts.types.push(type);
          upserts.ids.push(id);
          upserts.values.push(encode(value));
        }
      }
    }
    if (upserts.ids.length === 0 && deletes.ids.length === 0) return;
    await db.transaction(async (tx) => {
      if (deletes.ids.length > 0) {
        await tx.run(sql`
          delete from whatsapp_auth
          where ${where} and (type, id) in (
            select * from unnest(${deletes.types}::text[], ${deletes.ids}::text[]))`);
      }
      if (upserts.ids.length > 0) {
        await tx.run(sql`
          insert into whatsapp_auth (company_id, whatsapp_id, type, id, value)
          select ${owner.companyId}, ${owner.connectionId}, type, id, value
          from unnest(${upserts.types}::text[], ${upserts.ids}::text[], ${upserts.values}::text[])
            as row(type, id, value)
          on conflict (company_id, whatsapp_id, type, id) do update set value = excluded.value`);
      }
    });
  }

  return {
    state: { creds, keys: { get, set } },
    async saveCreds() {
      await db.run(sql`
        insert into whatsapp_auth (company_id, whatsapp_id, type, id, value)
        values (${owner.companyId}, ${owner.connectionId}, ${CREDS}, '', ${encode(creds)})
        on conflict (company_id, whatsapp_id, type, id) do update set value = excluded.value`);
    },
    async clear() {
      await db.run(sql`delete from whatsapp_auth where ${where}`);
    },
  };
}
