import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type pg from "pg";
import { migrationsFolder } from "./migrations-folder";
import * as schema from "./schema";
import { applySqlFunctions, sqlFunctionsFolder, type MigrationSession } from "./sql-functions";

/** Any fixed number: the advisory lock that lets only one process migrate at a time. */
export const MIGRATION_LOCK_ID = 727_274_001;

export interface MigrationConnection extends MigrationSession {
  /** The numbered migrations (`server/db/migrations`), through drizzle's migrator. */
  migrateNumbered(): Promise<void>;
}

/**
 * What every start does to its database, on either engine: under one advisory lock (so of
 * several processes starting together one migrates, and the others then find nothing to do),
 * the numbered migrations, then the function files that changed (server/db/sql-functions.ts).
 * PGlite has one process per data folder, so its lock never waits; it is taken all the same, so
 * both engines run the same steps.
 */
export async function migrateDatabase(
  connection: MigrationConnection,
  functionsFolder = sqlFunctionsFolder,
): Promise<{ appliedFunctions: string[] }> {
  await connection.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
  try {
    await connection.migrateNumbered();
    return { appliedFunctions: await applySqlFunctions(connection, functionsFolder) };
  } finally {
    await connection
      .query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID])
      .catch(() => undefined);
  }
}

export function pgliteMigrationConnection(client: PGlite): MigrationConnection {
  return {
    query: async <T>(text: string, values?: unknown[]) =>
      (await client.query<T>(text, values)).rows,
    exec: async (text) => void (await client.exec(text)),
    migrateNumbered: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
  };
}

export function pgMigrationConnection(client: pg.PoolClient | pg.Client): MigrationConnection {
  return {
    query: async <T>(text: string, values?: unknown[]) =>
      (await client.query(text, values)).rows as T[],
    // Without parameters pg sends the simple query protocol, which takes several statements.
    exec: async (text) => void (await client.query(text)),
    migrateNumbered: () => migratePg(drizzlePg(client, { schema }), { migrationsFolder }),
  };
}
