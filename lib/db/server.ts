/**
 * A Postgres server through postgres.js, used when `DATABASE_URL` is set. Every query
 * is sent with its values as parameters (`unsafe` here only means "text we built").
 */
import postgres from "postgres";
import { makeQueryable } from "./queryable.ts";
import type { Db, QueryResult } from "./types.ts";

type Client = postgres.Sql | postgres.TransactionSql;

/**
 * A postgres.js client for `url`, which may name a Unix socket's directory the way libpq does
 * (`postgres://user@localhost/db?host=/run/postgresql`): the embedded database listens only
 * there, and postgres.js alone would send `host` to the server as a setting.
 */
export function serverClient(
  url: string,
  options: postgres.Options<Record<string, postgres.PostgresType>> = {},
): postgres.Sql {
  const parsed = new URL(url);
  const socketDir = parsed.searchParams.get("host");
  if (!socketDir?.startsWith("/")) return postgres(url, options);
  parsed.searchParams.delete("host");
  return postgres(parsed.href, {
    ...options,
    path: `${socketDir}/.s.PGSQL.${parsed.port || 5432}`,
  });
}

export function openServer(url: string, options: { max?: number } = {}): Db {
  const client = serverClient(url, {
    max: options.max ?? 10,
    // A connection idle for a minute is closed: after a busy spell the pool shrinks back, and
    // with it the buffers and statements each connection holds, here and in its server backend.
    // (The LISTEN connection is postgres.js's own and stays.)
    idle_timeout: 60,
    onnotice: () => {},
    // int8 (counts, bigint ids) as numbers, matching the embedded database.
    types: {
      bigint: {
        to: 20,
        from: [20],
        serialize: (value: number) => String(value),
        parse: (value: string) => Number(value),
      },
    },
  });

  async function runOn(c: Client, text: string, values: unknown[]): Promise<QueryResult<unknown>> {
    // Prepared: each text is parsed and planned once per connection, not on every call. The
    // texts are our own parameterised SQL, so they are few; a connection's statements go
    // with it (postgres.js renews connections every 30 to 60 minutes). Measured: the inbound
    // pipeline went from about 870 to 2,600 messages a second (bench: tickets_at_scale).
    // deno-lint-ignore no-explicit-any
    const result = await c.unsafe(text, values as any[], { prepare: true });
    return { rows: [...result], rowCount: result.count ?? 0 };
  }

  const base = makeQueryable(
    (text, values) => runOn(client, text, values),
    async (text) => void await client.unsafe(text),
  );

  const host = new URL(url);
  return {
    ...base,
    kind: "server",
    description: `Postgres server at ${host.hostname}:${host.port || 5432}${host.pathname}`,
    async transaction(work) {
      return await client.begin((tx) =>
        work(makeQueryable(
          (text, values) => runOn(tx, text, values),
          async (text) => void await tx.unsafe(text),
        ))
      ) as Awaited<ReturnType<typeof work>>;
    },
    async listen(channel, handler) {
      const subscription = await client.listen(channel, handler);
      return async () => await subscription.unlisten();
    },
    async notify(channel, payload) {
      await client.notify(channel, payload);
    },
    async close() {
      await client.end({ timeout: 5 });
    },
  };
}
