import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../db/database";
import { untilOneWaitsForALock, useExtraConnections } from "../../test/extra-connections";
import { insertProduct } from "../../test/factories";
import { createShopper } from "../../test/sessions";
import { insertAddress, post } from "../../test/shop";
import { useTestApp } from "../../test/test-app";

// A price the shopper was not shown is refused even when the seller commits it in the instant
// between the order's checks and its pricing (decision 027), on PostgreSQL, where another
// connection can commit in that instant (PGlite runs one transaction at a time).

const t = useTestApp();
const { connection } = useExtraConnections(t);

describe("an order and a price change at the same moment (PostgreSQL)", () => {
  it("refuses a price committed after the order's checks and before its pricing", async () => {
    const shopper = await createShopper(t.database.db);
    const address = await insertAddress(t.database.db, shopper.user.id);
    const mango = await insertProduct(t.database.db, {
      name: "Alphonso Mango",
      price: 60,
      offerPrice: 45,
      stock: 10,
    });
    // An online checkout waits for the shopper's row after its checks: hold the row meanwhile.
    const holder = await connection();
    await holder.query("begin");
    await holder.query("select 1 from users where id = $1 for update", [shopper.user.id]);
    const order = post(
      t.app,
      "/api/order/stripe",
      {
        items: [{ product: mango.id, quantity: 1, shownOfferPrice: 45 }],
        address: address.id,
      },
      shopper.cookies,
    );
    // The order has checked and now waits for the row.
    const seller = await connection();
    await untilOneWaitsForALock(seller);
    await seller.query("update products set offer_price_paise = 5500 where id = $1", [mango.id]);
    await holder.query("commit");

    const answer = await order;
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({
      code: "price_changed",
      productId: mango.id,
      message:
        "The price of Alphonso Mango is now ₹55.00. Please check your cart and place the order again.",
    });
    const [row] = await queryRows<{ n: string }>(
      t.database.db,
      sql`select count(*)::text as n from orders`,
    );
    expect(row!.n).toBe("0");
  });
});
