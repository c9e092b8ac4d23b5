import type { Sql } from "./sql.ts";
import type { Queryable, QueryResult } from "./types.ts";

type Runner = (text: string, values: unknown[]) => Promise<QueryResult<unknown>>;

/** Builds the shared query helpers on top of one driver's `run` and `script`. */
export function makeQueryable(runText: Runner, script: (text: string) => Promise<void>): Queryable {
  async function run<T>(query: Sql): Promise<QueryResult<T>> {
    const { text, values } = query.toQuery();
    return await runText(text, values) as QueryResult<T>;
  }
  async function queryRows<T>(query: Sql): Promise<T[]> {
    return (await run<T>(query)).rows;
  }
  async function maybeOne<T>(query: Sql): Promise<T | undefined> {
    return (await run<T>(query)).rows[0];
  }
  async function one<T>(query: Sql): Promise<T> {
    const row = (await run<T>(query)).rows[0];
    if (row === undefined) throw new Error(`Expected a row from: ${query.toQuery().text}`);
    return row;
  }
  return { run, query: queryRows, maybeOne, one, script };
}
