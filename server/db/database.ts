import type { ExtractTablesWithRelations, SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

type Schema = typeof schema;

/** A drizzle handle over either engine. Services take this (or a transaction) and know nothing else. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that can run queries: the database or an open transaction. */
export type Executor = Db | Tx;

/**
 * How long a query waits for a connection (a new one, or a free one of the pool) before it fails
 * and its request answers 503, try again: a database host that drops packets would otherwise
 * hold requests for the kernel's TCP timeout, minutes.
 */
export const CONNECT_TIMEOUT_MS = 10_000;

export type DatabaseKind = "pglite" | "postgres";

/** A statement the hot paths run often, always with the same text (`$1`, `$2`… parameters). */
export interface PreparedStatement {
  /** Unique per text: PostgreSQL keeps it under this name on each connection. */
  name: string;
  text: string;
}

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /**
   * Calls `listener` for every NOTIFY on `channel`, from this process or another, after its
   * commit; with `undefined` when the listening connection was (re)opened, since anything may
   * have been missed meanwhile.
   */
  listen(channel: string, listener: (payload: string | undefined) => void): Promise<void>;
  /**
   * Runs one statement outside any transaction and returns its rows (as the driver types them),
   * without the query builder. On a PostgreSQL server it is a named prepared statement, parsed
   * and planned once per connection rather than at every call, and it runs on the process's
   * statement lane (`statement-lane.ts`): the statements of one turn of the event loop leave in
   * one write, each still its own transaction.
   */
  prepared<T>(statement: PreparedStatement, values: unknown[]): Promise<T[]>;
  /** Sends a NOTIFY in its own tiny transaction. */
  notify(channel: string, payload?: string): Promise<void>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Runs raw SQL and returns its rows (both engines answer with `{ rows }`). */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
