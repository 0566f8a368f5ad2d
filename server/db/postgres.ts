import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { Logger } from "pino";
import type { Database, Db } from "./database";
import { migrationsFolder } from "./migrations-folder";
import * as schema from "./schema";

/** Any fixed number: the advisory lock that lets only one process migrate at a time. */
const MIGRATION_LOCK_ID = 727_274_001;

/** A PostgreSQL server: for production and for more than one server process. */
export async function openPostgres(
  url: string,
  log?: Pick<Logger, "warn">,
  poolSize = 20,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", (error) => log?.warn({ err: error }, "idle PostgreSQL connection failed"));

  const migrator = await pool.connect();
  try {
    await migrator.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migrate(drizzle(migrator, { schema }), { migrationsFolder });
  } finally {
    await migrator.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    migrator.release();
  }

  // One connection LISTENs for the whole process; it reconnects by itself.
  const listeners = new Map<string, ((payload: string | undefined) => void)[]>();
  let listener: pg.Client | undefined;
  let closed = false;
  const connectListener = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on("notification", (message) =>
      listeners.get(message.channel)?.forEach((l) => l(message.payload)),
    );
    client.on("error", (error) => {
      log?.warn({ err: error }, "the change listener lost its connection; reconnecting");
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

  return {
    db: drizzle(pool, { schema }) as unknown as Db,
    kind: "postgres",
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
      await pool.end();
    },
  };
}

/** Channel names are fixed words of ours (LISTEN takes no parameters). */
export function assertChannel(channel: string): void {
  if (!/^[a-z_]{1,40}$/.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
}
