/**
 * A throwaway Whaticket-shaped database on a Postgres server (the import's source is always a
 * server): WHATICKET_SOURCE_URL, else the suite's DATABASE_URL. Undefined when neither is set.
 */
import postgres from "postgres";

export const sourceServerUrl: string | undefined = Deno.env.get("WHATICKET_SOURCE_URL") ||
  Deno.env.get("DATABASE_URL") || undefined;

const FIXTURES = new URL("../fixtures/whaticket/", import.meta.url);

export interface WhaticketSource {
  url: string;
  /** Runs SQL on the source (the tests add rows as the old system would). */
  run(text: string): Promise<void>;
  close(): Promise<void>;
}

/** Creates the database with the fixture schema, then `data` (SQL text; the fixture data by default). */
export async function openWhaticketSource(
  data?: string,
): Promise<WhaticketSource> {
  if (!sourceServerUrl) throw new Error("Set WHATICKET_SOURCE_URL or DATABASE_URL.");
  const name = `whaticket_src_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = postgres(sourceServerUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(sourceServerUrl);
  url.pathname = `/${name}`;
  const client = postgres(url.href, { max: 1, onnotice: () => {} });
  await client.unsafe(await Deno.readTextFile(new URL("schema.sql", FIXTURES)));
  await client.unsafe(data ?? await Deno.readTextFile(new URL("data.sql", FIXTURES)));
  return {
    url: url.href,
    run: async (text) => void await client.unsafe(text),
    async close() {
      await client.end({ timeout: 5 });
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
