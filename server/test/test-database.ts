import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database } from "../db/database";
import { openPglite } from "../db/pglite";
import { openPostgres } from "../db/postgres";

export const testDbKind = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DB=postgres) a new
 * database on the TEST_DATABASE_URL server, dropped again by `close`.
 */
export async function createTestDatabase(poolSize?: number): Promise<Database & { url?: string }> {
  if (testDbKind === "pglite") return openPglite();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `greencart_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = withDatabase(adminUrl, name);
  const database = await openPostgres(url, undefined, poolSize);
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const tables = [
  "payment_events",
  "payment_sessions",
  "idempotency_keys",
  "order_status_history",
  "order_items",
  "orders",
  "addresses",
  "sessions",
  "rate_limit_events",
  "products",
  "sellers",
  "users",
];

/** Empties every table, so each test starts from nothing. */
export async function resetDatabase(database: Database): Promise<void> {
  await database.db.execute(sql.raw(`truncate ${tables.join(", ")} restart identity cascade`));
}
