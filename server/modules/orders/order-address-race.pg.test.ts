import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../db/database";
import { untilOneWaitsForALock, useExtraConnections } from "../../test/extra-connections";
import { insertProduct } from "../../test/factories";
import { createShopper } from "../../test/sessions";
import { insertAddress, post } from "../../test/shop";
import { useTestApp } from "../../test/test-app";

// The shopper deletes the address in another tab while an order for it is being placed. On
// PostgreSQL, where the delete can commit between the order reading the address and inserting
// the order (PGlite runs one transaction at a time).

const t = useTestApp();
const { connection } = useExtraConnections(t);

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
