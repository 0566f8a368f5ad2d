import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import {
  pgliteMigrationConnection,
  pgMigrationConnection,
  type MigrationConnection,
} from "../db/migrate-database";
import { pgliteSettings } from "../db/pglite-settings";
import { adminQuery, testDbKind, withDatabase } from "./test-database";

export interface EmptyDatabase {
  /** A connection to the new database, as a start migrates on. */
  connection: MigrationConnection;
  /** The database's address (PostgreSQL only), for more connections of a test's own. */
  url?: string;
  close(): Promise<void>;
}

/**
 * A database with nothing in it yet, on the engine of the test run (unlike createTestDatabase's,
 * which are copies of one already migrated): what a shop's first start meets.
 */
export async function openEmptyDatabase(): Promise<EmptyDatabase> {
  if (testDbKind === "pglite") {
    const client = await PGlite.create(pgliteSettings);
    return { connection: pgliteMigrationConnection(client), close: () => client.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `greencart_empty_${process.pid}_${randomBytes(4).toString("hex")}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = withDatabase(adminUrl, name);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    connection: pgMigrationConnection(client),
    url,
    close: async () => {
      await client.end();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
