import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/test-database";
import { queryRows, type Database } from "./database";

// One connection in the pool, so the server process behind it tells whether it was kept.
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase(1);
});

afterAll(async () => {
  await database?.close();
});

const serverProcess = async () =>
  (await queryRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`))[0]!.pid;

const divide = { name: "test_divide", text: "select 12 / $1::int as answer" };

describe("the PostgreSQL pool", () => {
  it("keeps a connection whose statement the server refused (a 409 costs no new connection)", async () => {
    const before = await serverProcess();
    await expect(database.db.execute(sql`select 1 / 0`)).rejects.toThrow();
    await expect(database.prepared(divide, [0])).rejects.toThrow(/division by zero/);
    expect(await database.prepared(divide, [4])).toEqual([{ answer: 3 }]);
    expect(await serverProcess()).toBe(before);
  });

  it("drops a connection that broke, and carries on with a new one", async () => {
    const before = await serverProcess();
    await expect(
      database.db.execute(sql`select pg_terminate_backend(pg_backend_pid())`),
    ).rejects.toThrow();
    expect(await serverProcess()).not.toBe(before);
    expect(await database.prepared(divide, [6])).toEqual([{ answer: 2 }]);
  });

  it("runs its queries without parallel workers, even where the planner would find them cheap", async () => {
    const plan = await database.db.transaction(async (tx) => {
      // Make a parallel plan look free, as it would for a large scan.
      for (const setting of [
        "parallel_setup_cost",
        "parallel_tuple_cost",
        "min_parallel_table_scan_size",
      ])
        await tx.execute(sql.raw(`set local ${setting} = 0`));
      return queryRows<{ "QUERY PLAN": string }>(
        tx,
        sql`explain select count(*) from products where stock >= 0`,
      );
    });
    const text = plan.map((row) => row["QUERY PLAN"]).join("\n");
    expect(text).toContain("Seq Scan on products");
    expect(text).not.toContain("Gather");
  });
});
