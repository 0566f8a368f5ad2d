import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "./database";
import { addresses, orderEvents, products, stockLedger, users } from "./schema";
import { insertOrder, insertProduct } from "../test/factories";
import { createShopper } from "../test/sessions";
import { addressInput } from "../test/shop";
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

  it("keeps a product on sale exactly when it has stock, is not switched off and not deleted", async () => {
    const product = await insertProduct(t.database.db, { stock: 3 });
    const set = (values: Partial<typeof products.$inferInsert>) =>
      t.database.db.update(products).set(values).where(eq(products.id, product.id));
    // Switched off yet on sale, off sale with stock and not switched off, deleted yet on sale.
    await rejects(set({ switchedOff: true }));
    await rejects(set({ inStock: false }));
    await rejects(set({ deletedAt: new Date() }));
    await set({ switchedOff: true, inStock: false });
    await rejects(set({ inStock: true }));
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

  it("keeps one address per shopper and Idempotency-Key, each key with what it stood for (migration 0015)", async () => {
    const asha = await createShopper(t.database.db);
    const ravi = await createShopper(t.database.db);
    const keyed = { ...addressInput(), idempotencyKey: "k1", requestHash: "h1" };
    await t.database.db.insert(addresses).values({ ...keyed, userId: asha.user.id });
    await rejects(t.database.db.insert(addresses).values({ ...keyed, userId: asha.user.id }));
    await t.database.db.insert(addresses).values({ ...keyed, userId: ravi.user.id });
    // Adds without a key never meet.
    await t.database.db.insert(addresses).values([
      { ...addressInput(), userId: asha.user.id },
      { ...addressInput(), userId: asha.user.id },
    ]);
    await rejects(
      t.database.db
        .insert(addresses)
        .values({ ...addressInput(), userId: asha.user.id, idempotencyKey: "k2" }),
    );
    await rejects(
      t.database.db
        .insert(addresses)
        .values({ ...addressInput(), userId: asha.user.id, requestHash: "h2" }),
    );
    const rows = await t.database.db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, asha.user.id));
    expect(rows).toHaveLength(3);
  });

  it("gives a writer its transaction id before the id of its order event or ledger row (migration 0006)", async () => {
    // A BEFORE INSERT trigger runs after the column defaults and before the row is written, the
    // moment at which a plain bigserial default leaves a transaction whose first write this is
    // without an id yet (server/db/change-feed.ts relies on the order).
    const db = t.database.db;
    await db.execute(sql`create function test_xid_first() returns trigger language plpgsql as $$
      begin
        if pg_current_xact_id_if_assigned() is null then
          raise exception 'row id taken before the transaction id';
        end if;
        return new;
      end $$`);
    await db.execute(sql`create trigger test_xid_first before insert on order_events
      for each row execute function test_xid_first()`);
    await db.execute(sql`create trigger test_xid_first before insert on stock_ledger
      for each row execute function test_xid_first()`);
    try {
      const shopper = await createShopper(db);
      const product = await insertProduct(db);
      const order = await insertOrder(db, {
        userId: shopper.user.id,
        items: [{ product: { id: product.id, name: product.name }, quantity: 1, unitPrice: 45 }],
      });
      // Several: nextval gives the transaction an id itself when it writes the sequence to the
      // log, once every 32 values, so a single insert could pass without the new default.
      for (let i = 0; i < 3; i++) {
        await db.transaction(async (tx) => {
          await tx.insert(orderEvents).values({
            orderId: order.id,
            userId: shopper.user.id,
            status: "Order Placed",
          });
        });
        await db.transaction(async (tx) => {
          await tx.insert(stockLedger).values({
            productId: product.id,
            change: 1,
            stockAfter: 51,
            inStockAfter: true,
            stockVersion: 1,
            reason: "edit",
            actor: "system",
          });
        });
      }
    } finally {
      await db.execute(sql`drop trigger test_xid_first on order_events`);
      await db.execute(sql`drop trigger test_xid_first on stock_ledger`);
      await db.execute(sql`drop function test_xid_first()`);
    }
  });
});
