import type { Sql } from "./sql.ts";

export interface QueryResult<T> {
  rows: T[];
  /** Rows changed by an insert, update or delete. */
  rowCount: number;
}

/** What both a database and a transaction can do. */
export interface Queryable {
  /** Runs one parameterised statement. */
  run<T = Record<string, unknown>>(query: Sql): Promise<QueryResult<T>>;
  /** The rows of one statement. */
  query<T = Record<string, unknown>>(query: Sql): Promise<T[]>;
  /** The first row, or undefined. */
  maybeOne<T = Record<string, unknown>>(query: Sql): Promise<T | undefined>;
  /** The first row; throws when there is none (use for inserts with `returning`). */
  one<T = Record<string, unknown>>(query: Sql): Promise<T>;
  /** Runs SQL text with several statements and no parameters (migrations). */
  script(text: string): Promise<void>;
}

export type NotificationHandler = (payload: string) => void;

/** One interface over the embedded Postgres server and a configured one (both postgres.js). */
export interface Db extends Queryable {
  readonly kind: "embedded" | "server";
  /** A human description for the start-up log, without secrets. */
  readonly description: string;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Subscribes to a notification channel; the returned function unsubscribes. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}
