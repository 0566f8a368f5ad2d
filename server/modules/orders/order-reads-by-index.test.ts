import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Database, type Executor } from "../../db/database";
import { addresses, products, users } from "../../db/schema";
import { addressInput } from "../../test/shop";
import { createTestDatabase } from "../../test/test-database";

// What every order reads must cost the same with a catalogue of 50 products or 5,000: the
// products it names, through the primary key, never a scan of the table (which during a sale is
// also full of the dead row versions that each order's stock update leaves). The connection's own
// table statistics tell what was read.

let database: Database;
let userId: string;
let addressId: string;
let productIds: string[];

beforeAll(async () => {
  database = await createTestDatabase();
  const inserted = await database.db
    .insert(products)
    .values(
      Array.from({ length: 2000 }, (_, i) => ({
        name: `Catalogue Item ${i}`,
        category: "Grains",
        pricePaise: 5000,
        offerPricePaise: 4500,
        stock: 100,
        inStock: true,
      })),
    )
    .returning({ id: products.id });
  productIds = inserted.map((p) => p.id);
  const [user] = await database.db
    .insert(users)
    .values({ name: "Asha", email: "asha-index@example.com", passwordHash: "x" })
    .returning();
  userId = user!.id;
  const [address] = await database.db
    .insert(addresses)
    .values({ ...addressInput(), userId })
    .returning();
  addressId = address!.id;
}, 60_000);

afterAll(async () => {
  await database.close();
});

/**
 * What this connection has read from `table` and not yet reported to the server's statistics:
 * tests compare two readings taken in one transaction.
 */
async function reads(tx: Executor, table: string) {
  const [row] = await queryRows<{ seq_scan: string; seq_tup_read: string; idx_tup_fetch: string }>(
    tx,
    sql`select seq_scan, seq_tup_read, idx_tup_fetch from pg_stat_xact_user_tables where relname = ${table}`,
  );
  return {
    scans: Number(row?.seq_scan ?? 0),
    rowsRead: Number(row?.seq_tup_read ?? 0) + Number(row?.idx_tup_fetch ?? 0),
  };
}

/** Runs `work` in a transaction that is rolled back, so every test starts from the same data. */
async function rolledBack(work: (tx: Executor) => Promise<void>) {
  const undo = new Error("roll back");
  await database.db
    .transaction(async (tx) => {
      await work(tx);
      throw undo;
    })
    .catch((error: unknown) => {
      if (error !== undo) throw error;
    });
}

describe("reads that must not grow with the tables", () => {
  it("placing orders reads the ordered products by id, not the whole catalogue", async () => {
    await rolledBack(async (tx) => {
      const before = await reads(tx, "products");
      // Past the point where PostgreSQL switches a session's cached plans to generic ones.
      for (let i = 0; i < 8; i++) {
        const items = [
          { product: productIds[i * 2]!, quantity: 1 },
          { product: productIds[i * 2 + 1]!, quantity: 2 },
        ];
        await tx.execute(
          sql`select * from place_order(${userId}::uuid, ${addressId}::uuid, ${JSON.stringify(items)}::jsonb, 'COD', null, null, 30, 30, 2, 0.2, 10)`,
        );
      }
      const read = await reads(tx, "products");
      expect(read.scans - before.scans).toBe(0);
      expect(read.rowsRead - before.rowsRead).toBeLessThan(100);
    });
  });
});
