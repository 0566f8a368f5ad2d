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

  const listeners: (() => void)[] = [];
  const notify = () => listeners.forEach((l) => l());
  let listener: pg.Client | undefined;
  let closed = false;
  const connectListener = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on("notification", notify);
    client.on("error", (error) => {
      log?.warn({ err: error }, "catalogue change listener lost its connection; reconnecting");
      void client.end().catch(() => {});
      reconnectSoon();
    });
    await client.connect();
    await client.query("listen catalog_changed");
    listener = client;
    notify(); // changes made while we were not listening are unknown: treat as changed
  };
  const reconnectSoon = () => {
    if (closed) return;
    setTimeout(() => void connectListener().catch(reconnectSoon), 1000).unref();
  };
  await connectListener();

  return {
    db: drizzle(pool, { schema }) as unknown as Db,
    kind: "postgres",
    onCatalogChange: (l) => void listeners.push(l),
    ping: async () => void (await pool.query("select 1")),
    close: async () => {
      closed = true;
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}
