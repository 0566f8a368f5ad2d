import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Logger } from "pino";
import { CONNECT_TIMEOUT_MS, type Database, type Db, type PreparedStatement } from "./database";
import { connectionErrorForLog } from "./database-errors";
import { migrateDatabase, pgMigrationConnection } from "./migrate-database";
import * as schema from "./schema";
import { StatementLane } from "./statement-lane";

/**
 * Connections a process keeps for its queries (LISTEN has one more of its own, and so do orders:
 * decision 022). Few on purpose (docs/decisions/020): a machine runs only as many backends at once
 * as it has cores, and requests waiting in the pool cost nothing, while backends waiting in
 * PostgreSQL fight over row locks and take the CPU the store needs to answer everyone else.
 */
export const DEFAULT_POOL_SIZE = 6;

/**
 * The pool's queries run in their own backend, without parallel workers (docs/decisions/037): a
 * worker is another PostgreSQL process started for one query, and on the small machines this
 * store is for it cost more than it saved (the dashboard over 100,000 orders: 131-164 ms p50
 * with two workers, 39-48 ms without) while taking the cores the store's event loop needs.
 */
const SERIAL_QUERIES = "-c max_parallel_workers_per_gather=0";

/** A PostgreSQL server: for production and for more than one server process. */
export async function openPostgres(
  url: string,
  log?: Pick<Logger, "warn">,
  poolSize = DEFAULT_POOL_SIZE,
  connectTimeoutMs = CONNECT_TIMEOUT_MS,
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: connectTimeoutMs,
    options: SERIAL_QUERIES,
  });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", (error) =>
    log?.warn({ err: connectionErrorForLog(error) }, "idle PostgreSQL connection failed"),
  );
  pool.query = keepingConnections(pool);

  const migrator = await pool.connect();
  try {
    await migrateDatabase(pgMigrationConnection(migrator));
  } finally {
    migrator.release();
  }

  // One connection LISTENs for the whole process; it reconnects by itself.
  const listeners = new Map<string, ((payload: string | undefined) => void)[]>();
  let listener: pg.Client | undefined;
  let closed = false;
  const connectListener = async (): Promise<void> => {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: connectTimeoutMs,
    });
    client.on("notification", (message) =>
      listeners.get(message.channel)?.forEach((l) => l(message.payload)),
    );
    client.on("error", (error) => {
      log?.warn(
        { err: connectionErrorForLog(error) },
        "the change listener lost its connection; reconnecting",
      );
      if (listener === client) listener = undefined;
      void client.end().catch(() => {});
      reconnectSoon();
    });
    await client.connect();
    for (const channel of listeners.keys()) await client.query(`listen ${channel}`);
    listener = client;
    // Changes made while we were not listening are unknown: tell everyone to catch up.
    for (const callbacks of listeners.values()) callbacks.forEach((l) => l(undefined));
  };
  const reconnectSoon = () => {
    if (closed) return;
    setTimeout(() => void connectListener().catch(reconnectSoon), 1000).unref();
  };
  await connectListener();

  // The hot fixed statements (an order) have a connection of their own (decision 022).
  const lane = new StatementLane(url, log, undefined, connectTimeoutMs);

  return {
    db: drizzle(pool, { schema }) as unknown as Db,
    kind: "postgres",
    prepared: <T>(statement: PreparedStatement, values: unknown[]) =>
      lane.run<T>(statement, values),
    listen: async (channel, callback) => {
      assertChannel(channel);
      const known = listeners.get(channel);
      if (known) return void known.push(callback);
      listeners.set(channel, [callback]);
      await listener?.query(`listen ${channel}`);
    },
    notify: async (channel, payload = "") => {
      assertChannel(channel);
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    ping: async () => void (await pool.query("select 1")),
    close: async () => {
      closed = true;
      await listener?.end().catch(() => {});
      await lane.close();
      await pool.end();
    },
  };
}

/**
 * The pool's `query` (what drizzle and this file call outside transactions), except that a
 * statement the server refused keeps its connection. pg-pool closes a connection after any failed
 * statement, even an ordinary refusal (a unique violation, a check that failed): when orders still
 * ran on the pool, every sold-out 409 cost a new connection, that is a new PostgreSQL process that
 * planned `place_order` again, and refusals ran at about 100 a second. A lone statement leaves its
 * connection idle and clean whatever the server answered, so only a broken connection (a
 * non-server error, or FATAL) is dropped; pg-pool still drops any client that is no longer
 * queryable. Transactions take their own client (`pool.connect`) and are not affected.
 */
function keepingConnections(pool: pg.Pool): pg.Pool["query"] {
  const query = async (config: string | pg.QueryConfig, values?: unknown[]) => {
    const client = await pool.connect();
    client.on("error", ignoreError);
    let failure: Error | undefined;
    try {
      return await client.query(config, values);
    } catch (error) {
      const refusal = error instanceof pg.DatabaseError && error.severity === "ERROR";
      if (!refusal) failure = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.removeListener("error", ignoreError);
      client.release(failure);
    }
  };
  // (Promise style only, which is all drizzle and this file use; pg's overloads also take callbacks.)
  return query as pg.Pool["query"];
}

/**
 * A checked-out client's connection errors need a listener, as in pg-pool's own `query`: the
 * statement fails with the same error, and pg-pool drops a client that is no longer queryable.
 * (One function for all, rather than a closure per statement.)
 */
function ignoreError(): void {}

/** Channel names are fixed words of ours (LISTEN takes no parameters). */
export function assertChannel(channel: string): void {
  if (!/^[a-z_]{1,40}$/.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
}
