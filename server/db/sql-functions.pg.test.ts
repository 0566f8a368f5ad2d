import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { openEmptyDatabase } from "../test/empty-database";
import { copyFunctionsFolder, functionBody, markFunctionBody } from "../test/function-files";
import { MIGRATION_LOCK_ID, migrateDatabase, pgMigrationConnection } from "./migrate-database";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  cleanups.push(() => client.end());
  return client;
}

async function untilWaitingForTheLock(client: pg.Client, waiting: number): Promise<void> {
  for (let tries = 0; tries < 400; tries++) {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_locks
        where locktype = 'advisory' and objid = $1 and not granted`,
      [MIGRATION_LOCK_ID],
    );
    if (rows[0]!.n >= waiting) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`fewer than ${waiting} starts waited for the migration lock`);
}

describe("SQL function files on PostgreSQL", () => {
  it("are applied once when several processes start together with a changed file", async () => {
    const database = await openEmptyDatabase();
    cleanups.push(() => database.close());
    await migrateDatabase(database.connection);
    const copy = copyFunctionsFolder();
    cleanups.push(copy.remove);
    markFunctionBody(copy.folder, "place_order.sql", "the new release");

    // A start already migrating holds the lock while two more processes start.
    const first = await connect(database.url!);
    await first.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    const starts = await Promise.all([connect(database.url!), connect(database.url!)]);
    const migrating = starts.map((client) =>
      migrateDatabase(pgMigrationConnection(client), copy.folder),
    );
    await untilWaitingForTheLock(first, 2);
    await first.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);

    const applied = (await Promise.all(migrating)).map((result) => result.appliedFunctions);
    expect(applied.sort()).toEqual([[], ["place_order.sql"]]);
    expect(await functionBody(database.connection, "place_order")).toContain("the new release");
  });
});
