import { sql } from "drizzle-orm";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { queryRows } from "../../db/database";
import { insertProduct } from "../../test/factories";
import { createShopper } from "../../test/sessions";
import { insertAddress, post } from "../../test/shop";
import { useTestApp } from "../../test/test-app";

// The shopper deletes the address in another tab while an order for it is being placed. On
// PostgreSQL, where the delete can commit between the order reading the address and inserting
// the order (PGlite runs one transaction at a time).

const t = useTestApp();
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/**
 * Waits until some query of this database waits for a lock another transaction holds. (Asked
 * outside any transaction: a transaction sees pg_stat_activity as it first read it.)
 */
async function untilOneWaitsForALock(client: pg.Client) {
  for (let tries = 0; tries < 200; tries++) {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows[0]!.n > 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("no query waited for the lock");
}

async function connection() {
  const client = new pg.Client({ connectionString: t.database.url! });
  await client.connect();
  cleanup.push(() => client.end());
  return client;
}

describe("an address deleted while an order for it is placed (PostgreSQL)", () => {
  it("answers 404 address not found, not 500, and places nothing", async () => {
    const shopper = await createShopper(t.database.db);
    const address = await insertAddress(t.database.db, shopper.user.id);
    const product = await insertProduct(t.database.db, { name: "Atta", stock: 10 });
    const [otherTab, watcher] = await Promise.all([connection(), connection()]);
    await otherTab.query("begin");
    await otherTab.query("delete from addresses where id = $1", [address.id]);

    const placing = post(
      t.app,
      "/api/order/cod",
      { items: [{ product: product.id, quantity: 1 }], address: address.id },
      shopper.cookies,
    );
    // The order has read the address and its foreign key waits for the delete.
    await untilOneWaitsForALock(watcher);
    await otherTab.query("commit");

    const answer = await placing;
    expect(answer.json()).toMatchObject({ code: "not_found", message: "Address not found" });
    expect(answer.statusCode).toBe(404);
    const [row] = await queryRows<{ orders: number; stock: number }>(
      t.database.db,
      sql`select (select count(*)::int from orders) as orders,
                 (select stock from products where id = ${product.id}) as stock`,
    );
    expect(row).toEqual({ orders: 0, stock: 10 });
  });
});
