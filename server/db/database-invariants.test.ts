import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "./database";
import { products, users } from "./schema";
import { insertProduct } from "../test/factories";
import { useTestApp } from "../test/test-app";
import { testDbKind } from "../test/test-database";

const t = useTestApp();

const rejects = (promise: Promise<unknown>) => expect(promise).rejects.toThrow();

describe(`migrations and invariants (${testDbKind})`, () => {
  it("creates every table and the trigram extension", async () => {
    const rows = await queryRows<{ table_name: string }>(
      t.database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const names = rows.map((r) => r.table_name);
    for (const table of [
      "users",
      "sellers",
      "sessions",
      "products",
      "addresses",
      "orders",
      "order_items",
      "order_status_history",
      "idempotency_keys",
      "payment_sessions",
      "payment_events",
      "auth_counters",
      "stock_ledger",
      "order_events",
      "media",
    ]) {
      expect(names).toContain(table);
    }
    const ext = await queryRows(
      t.database.db,
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    );
    expect(ext).toHaveLength(1);
  });

  it("refuses negative stock and in-stock without stock", async () => {
    const product = await insertProduct(t.database.db, { stock: 1 });
    await rejects(
      t.database.db.update(products).set({ stock: -1 }).where(eq(products.id, product.id)),
    );
    await rejects(
      t.database.db.update(products).set({ stock: 0 }).where(eq(products.id, product.id)),
    );
    await t.database.db
      .update(products)
      .set({ stock: 0, inStock: false })
      .where(eq(products.id, product.id));
    await rejects(
      t.database.db.update(products).set({ inStock: true }).where(eq(products.id, product.id)),
    );
  });

  it("refuses an offer price above the price and unknown categories", async () => {
    await rejects(insertProduct(t.database.db, { price: 10, offerPrice: 11 }));
    await rejects(insertProduct(t.database.db, { category: "Toys" as "Fruits" }));
  });

  it("keeps emails unique and lower-case", async () => {
    await t.database.db.insert(users).values({ name: "A", email: "a@b.co", passwordHash: "x" });
    await rejects(
      t.database.db.insert(users).values({ name: "B", email: "a@b.co", passwordHash: "x" }),
    );
    await rejects(
      t.database.db.insert(users).values({ name: "C", email: "Upper@b.co", passwordHash: "x" }),
    );
  });
});
