import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { queryRows, type Database, type Executor } from "../../db/database";
import { addresses, orderItems, orders, products, users } from "../../db/schema";
import { addressInput } from "../../test/shop";
import { createTestDatabase } from "../../test/test-database";
import { PublicUrls } from "../media/public-urls";
import { listProducts } from "./catalog-service";

// Best Sellers must cost the same in a shop of 5,000 products with half a year of orders as in a
// new one: the month's orders through their placed_at index and the products they sold by id,
// never a scan of the catalogue or of every order. The connection's table statistics say what
// was read.

let database: Database;
const urls = new PublicUrls("http://localhost:3000", "http://localhost:3000");

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const catalogue = await db
    .insert(products)
    .values(
      Array.from({ length: 5000 }, (_, i) => ({
        name: `Catalogue Item ${i}`,
        category: "Grains",
        pricePaise: 5000,
        offerPricePaise: 4500,
        stock: 100,
        inStock: true,
      })),
    )
    .returning({ id: products.id });
  const [user] = await db
    .insert(users)
    .values({ name: "Asha", email: "asha-best@example.com", passwordHash: "x" })
    .returning();
  const [address] = await db
    .insert(addresses)
    .values({ ...addressInput(), userId: user!.id })
    .returning();
  // 6,000 orders over 180 days, each of one of 200 products.
  const now = Date.now();
  for (let chunk = 0; chunk < 6; chunk++) {
    const placed = await db
      .insert(orders)
      .values(
        Array.from({ length: 1000 }, (_, j) => {
          const at = new Date(now - ((chunk * 1000 + j) / 6000) * 180 * 86_400_000);
          return {
            userId: user!.id,
            address: { _id: address!.id, ...addressInput() },
            addressId: address!.id,
            amountPaise: 4500,
            itemsTotalPaise: 4500,
            paymentType: "COD",
            status: "Delivered",
            placedAt: at,
            deliverBy: at,
            createdAt: at,
            updatedAt: at,
          };
        }),
      )
      .returning({ id: orders.id });
    await db.insert(orderItems).values(
      placed.map((order, j) => ({
        orderId: order.id,
        productId: catalogue[(chunk * 1000 + j) % 200]!.id,
        quantity: 1 + (j % 3),
        unitPricePaise: 4500,
        product: {
          _id: "x",
          name: "x",
          category: "Grains" as const,
          image: [],
          price: 50,
          offerPrice: 45,
        },
      })),
    );
  }
  await db.execute(sql`analyze`);
}, 120_000);

afterAll(async () => {
  await database.close();
});

/** What this transaction has read from `table` so far. */
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

it("Best Sellers read the month's orders by placed_at and the products sold by id, not the catalogue", async () => {
  await database.db.transaction(async (tx) => {
    const statistics = async () => ({
      products: await reads(tx, "products"),
      orders: await reads(tx, "orders"),
    });
    const before = await statistics();
    const page = await listProducts(tx, { sort: "bestselling", inStock: "true", limit: 5 }, urls);
    expect(page.entries).toHaveLength(5);
    const after = await statistics();
    expect(after.products.scans - before.products.scans).toBe(0);
    expect(after.orders.scans - before.orders.scans).toBe(0);
    // The 200 products sold and the page's 5, of 5,000; about a sixth of the 6,000 orders.
    expect(after.products.rowsRead - before.products.rowsRead).toBeLessThan(300);
    expect(after.orders.rowsRead - before.orders.rowsRead).toBeLessThan(1500);
  });
});
