import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Database, type Executor } from "../../db/database";
import { addresses, orders, products, users } from "../../db/schema";
import { addressInput } from "../../test/shop";
import { createTestDatabase } from "../../test/test-database";
import { listProducts } from "../catalog/catalog-service";
import { PublicUrls } from "../media/public-urls";
import { exportOrders } from "./order-export";
import { listSellerOrders, listShopperOrders } from "./orders-service";

// What every order reads must cost the same with a catalogue of 50 products or 5,000: the
// products it names, through the primary key, never a scan of the table (which during a sale is
// also full of the dead row versions that each order's stock update leaves). Likewise the CSV
// export of a few days reads those days' orders, not every order the shop ever had. The
// connection's own table statistics tell what was read.

let database: Database;
let userId: string;
let addressId: string;
let productIds: string[];
const urls = new PublicUrls("http://localhost:3000", "http://localhost:3000");

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

/**
 * 6,000 orders over 30 days from 1 November (midnight in India), 200 a day, each placed 10 minutes
 * after it was started; every 50th paid after its hold lapsed (never placed, owed back).
 */
async function insertOrders(tx: Executor) {
  const start = Date.parse("2026-10-31T18:30:00Z"); // 1 November, midnight in India
  for (let chunk = 0; chunk < 6; chunk++) {
    await tx.insert(orders).values(
      Array.from({ length: 1000 }, (_, j) => {
        const i = chunk * 1000 + j;
        const createdAt = new Date(start + i * 432_000 - 600_000);
        const lapsed = i % 50 === 0;
        return {
          userId,
          address: { _id: addressId, ...addressInput() },
          addressId,
          amountPaise: 4500,
          itemsTotalPaise: 4500,
          paymentType: "Online",
          status: lapsed ? "Cancelled" : "Order Placed",
          isPaid: !lapsed,
          needsRefund: lapsed,
          placedAt: lapsed ? null : new Date(createdAt.getTime() + 600_000),
          deliverBy: new Date(createdAt.getTime() + 2_400_000),
          createdAt,
          updatedAt: createdAt,
        };
      }),
    );
  }
  await tx.execute(sql`analyze orders`);
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
          sql`select * from place_order(${userId}::uuid, ${addressId}::uuid, ${JSON.stringify(items)}::jsonb, 'COD', null, null, 30, 30, 2, 0.2, 10, null, 10, 0.5, null, 0, 0, null)`,
        );
      }
      const read = await reads(tx, "products");
      expect(read.scans - before.scans).toBe(0);
      expect(read.rowsRead - before.rowsRead).toBeLessThan(100);
    });
  });

  it("the CSV export reads the period's orders through its index, batch after batch, not every order", async () => {
    await rolledBack(async (tx) => {
      await insertOrders(tx);
      await tx.execute(sql`analyze orders`);
      const before = await reads(tx, "orders");
      const csv = exportOrders(tx, { from: "2026-11-10", to: "2026-11-12" }, "Asia/Kolkata");
      for await (const chunk of csv) void chunk;
      const read = await reads(tx, "orders");
      expect(read.scans - before.scans).toBe(0);
      // Each batch reads at most the period's orders (for a few days, a bitmap scan of the index
      // reads the whole range and sorts it): far from the 6,000.
      expect(read.rowsRead - before.rowsRead).toBeGreaterThanOrEqual(600);
      expect(read.rowsRead - before.rowsRead).toBeLessThanOrEqual(2 * 600);
    });
  });

  it("the seller's and the shopper's newest-first lists read a page through their index, not every order", async () => {
    await rolledBack(async (tx) => {
      await insertOrders(tx);
      const before = await reads(tx, "orders");
      const first = await listSellerOrders(tx, { limit: 50 }, urls);
      await listSellerOrders(tx, { limit: 50, cursor: first.nextCursor! }, urls);
      const placed = await listSellerOrders(tx, { status: "Order Placed", limit: 50 }, urls);
      await listSellerOrders(
        tx,
        { status: "Order Placed", limit: 50, cursor: placed.nextCursor! },
        urls,
      );
      expect((await listShopperOrders(tx, userId, {}, urls)).orders).toHaveLength(200);
      const read = await reads(tx, "orders");
      expect(read.scans - before.scans).toBe(0);
      // Four pages of 51 and the shopper's newest 200: about 400 of the 6,000.
      expect(read.rowsRead - before.rowsRead).toBeLessThan(600);
    });
  });

  it("catalogue pages, newest first, read a page through the listing index, not the catalogue", async () => {
    await rolledBack(async (tx) => {
      await tx.execute(sql`analyze products`);
      const before = await reads(tx, "products");
      const first = await listProducts(tx, { limit: 24 }, urls);
      await listProducts(tx, { limit: 24, cursor: first.nextCursor! }, urls);
      await listProducts(tx, { limit: 24, category: "Grains" }, urls);
      const read = await reads(tx, "products");
      expect(read.scans - before.scans).toBe(0);
      expect(read.rowsRead - before.rowsRead).toBeLessThan(200);
    });
  });
});
