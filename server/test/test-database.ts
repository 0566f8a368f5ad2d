import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { sql } from "drizzle-orm";
import pg from "pg";
import { inject } from "vitest";
import type { Database } from "../db/database";
import { openPglite } from "../db/pglite";
import { openPostgres } from "../db/postgres";

export const testDbKind = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

let pgliteTemplate: Promise<Blob | undefined> | undefined;

/**
 * A fresh, migrated database for one test file: in-memory PGlite loaded from the data folder the
 * test run migrated once (server/test/global-setup.ts), or (TEST_DB=postgres) a new database on the
 * TEST_DATABASE_URL server copied from the migrated template, dropped again by `close`.
 */
export async function createTestDatabase(poolSize?: number): Promise<Database & { url?: string }> {
  if (testDbKind === "pglite") return createEmbeddedTestDatabase();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `greencart_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const template = safeInject("postgresTemplate");
  await adminQuery(adminUrl, `create database ${name}${template ? ` template ${template}` : ""}`);
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

/** A fresh, migrated in-memory PGlite whatever the run's engine (tests of PGlite's own ways). */
export async function createEmbeddedTestDatabase(): Promise<Database> {
  pgliteTemplate ??= readTemplate();
  return openPglite(undefined, { loadDataDir: await pgliteTemplate });
}

async function readTemplate(): Promise<Blob | undefined> {
  const file = safeInject("pgliteTemplate");
  return file && fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}

/** Outside a project with the global setup (a script), there is no template: migrate instead. */
function safeInject(key: "pgliteTemplate" | "postgresTemplate"): string | undefined {
  try {
    return inject(key) || undefined;
  } catch {
    return undefined;
  }
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function adminQuery(url: string, text: string): Promise<void> {
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
  "order_events",
  "stock_ledger",
  "order_status_history",
  "order_items",
  "orders",
  "addresses",
  "sessions",
  "trusted_devices",
  "shop",
  "auth_counters",
  "media",
  "products",
  "sellers",
  "users",
];

/**
 * Empties every table, so each test starts from nothing. Ids keep growing (no restart): the
 * running app follows the ledger and the order events by id.
 */
export async function resetDatabase(database: Database): Promise<void> {
  await database.db.execute(sql.raw(`truncate ${tables.join(", ")} cascade`));
}

declare module "vitest" {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data folder (server/test/global-setup.ts). */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database to copy (`create database ... template`). */
    postgresTemplate: string;
  }
}
