import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { QuoteResponse, ShopResponse } from "../../../contract/shop";
import type { Order } from "../../../contract/order";
import { orders } from "../../db/schema";
import { insertProduct } from "../../test/factories";
import { createSeller, createShopper } from "../../test/sessions";
import { insertAddress, post } from "../../test/shop";
import { useTestApp } from "../../test/test-app";

// Every charge is shown before ordering and charged as shown (issue "Turn 3 · 3/10").
const t = useTestApp();

const fees = {
  deliveryFee: 25,
  freeAbove: 199,
  minimumOrder: 50,
  smallCartFee: 15,
  smallCartBelow: 100,
};

async function shopWith(settings: object) {
  const { cookies } = await createSeller(t.database.db);
  const answer = await post(t.app, "/api/seller/shop", settings, cookies);
  expect(answer.statusCode).toBe(200);
}

async function buyer(address: object = {}) {
  const shopper = await createShopper(t.database.db);
  const row = await insertAddress(t.database.db, shopper.user.id, address);
  const order = (body: object, headers: Record<string, string> = {}) =>
    post(t.app, "/api/order/cod", { address: row.id, ...body }, shopper.cookies, headers);
  const quote = (items: object) =>
    post(t.app, "/api/cart/quote", { items, address: row.id }, shopper.cookies);
  const read = async (id: string) =>
    (await t.app.inject({ url: `/api/order/${id}`, cookies: shopper.cookies })).json<{
      order: Order;
    }>().order;
  return { ...shopper, address: row, order, quote, read };
}

describe("an order's fees", () => {
  it("charges the items and each fee, as quoted, and shows them apart", async () => {
    await shopWith({ delivery: fees });
    const rice = await insertProduct(t.database.db, { offerPrice: 45 });
    const asha = await buyer();
    const items = [{ product: rice.id, quantity: 2, shownOfferPrice: 45 }];
    const quote = (await asha.quote(items)).json<QuoteResponse>().quote;
    expect(quote).toMatchObject({ itemsTotal: 90, deliveryFee: 25, smallCartFee: 15, total: 130 });
    const placed = await asha.order({ items, shownTotal: quote.total });
    expect(placed.statusCode).toBe(201);
    const order = await asha.read(placed.json<{ orderId: string }>().orderId);
    expect(order).toMatchObject({
      itemsTotal: 90,
      fees: { delivery: 25, smallCart: 15 },
      amount: 130,
    });
    // The seller's export shows them apart too.
    const { cookies } = await createSeller(t.database.db);
    // Today in India, the shop's time zone.
    const day = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const csv = await t.app.inject({
      url: `/api/order/seller/export.csv?from=${day}&to=${day}`,
      cookies,
    });
    expect(csv.body).toContain(
      "Items total (INR),Delivery fee (INR),Small cart fee (INR),Order amount (INR)",
    );
    expect(csv.body).toContain(",90.00,25.00,15.00,130.00,");
  });

  it("refuses a total other than the one shown (409 price_changed), writing nothing", async () => {
    await shopWith({ delivery: fees });
    const rice = await insertProduct(t.database.db, { offerPrice: 45 });
    const asha = await buyer();
    const refused = await asha.order({
      items: [{ product: rice.id, quantity: 2, shownOfferPrice: 45 }],
      shownTotal: 90,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "price_changed",
      message:
        "Your order now comes to ₹130.00, not the ₹90.00 shown. Please check your cart and place the order again.",
    });
    expect(await t.database.db.select().from(orders)).toEqual([]);
  });

  it("refuses an order below the minimum, and one outside the area, with a sentence", async () => {
    await shopWith({ delivery: { ...fees, pinCodes: ["411005"] } });
    const rice = await insertProduct(t.database.db, { offerPrice: 45 });
    const inside = await buyer({ zipcode: "411005" });
    const small = await inside.order({ items: [{ product: rice.id, quantity: 1 }] });
    expect(small.statusCode).toBe(409);
    expect(small.json()).toMatchObject({
      code: "below_minimum",
      message: "The minimum order is ₹50.00. Add ₹5.00 more to place it.",
    });
    const outside = await buyer({ zipcode: "400001" });
    const far = await outside.order({ items: [{ product: rice.id, quantity: 3 }] });
    expect(far.statusCode).toBe(409);
    expect(far.json()).toMatchObject({
      code: "not_serviceable",
      message: "Sorry, we don't deliver to 400001 yet.",
    });
    expect((await inside.order({ items: [{ product: rice.id, quantity: 3 }] })).statusCode).toBe(
      201,
    );
  });

  it("promises 30 minutes from the next opening while the shop is closed", async () => {
    // Open one minute a week, which is not now (the test runs in any minute but this one).
    const now = new Date();
    const weekday = (now.getUTCDay() + 3) % 7;
    await shopWith({
      timeZone: "UTC",
      openHours: [{ day: weekday, open: "12:00", close: "12:01" }],
    });
    const shop = (await t.app.inject({ url: "/api/shop" })).json<ShopResponse>().shop;
    expect(shop.openNow).toBe(false);
    const rice = await insertProduct(t.database.db, { offerPrice: 45 });
    const asha = await buyer();
    const placed = await asha.order({ items: [{ product: rice.id, quantity: 1 }] });
    expect(placed.statusCode).toBe(201);
    const order = await asha.read(placed.json<{ orderId: string }>().orderId);
    expect(Date.parse(order.deliverBy)).toBe(Date.parse(shop.opensAt!) + 30 * 60_000);
  });

  it("answers a repeat of a placed order as it was, whatever the fees are now", async () => {
    await shopWith({ delivery: fees });
    const rice = await insertProduct(t.database.db, { offerPrice: 45 });
    const asha = await buyer();
    const body = {
      items: [{ product: rice.id, quantity: 2, shownOfferPrice: 45 }],
      shownTotal: 130,
    };
    const first = await asha.order(body, { "idempotency-key": "tap-1" });
    expect(first.statusCode).toBe(201);
    await shopWith({ delivery: { ...fees, deliveryFee: 40 } });
    const again = await asha.order(body, { "idempotency-key": "tap-1" });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
  });

  it("charges online the quoted total: the fee is a line of the payment page", async () => {
    await shopWith({ delivery: fees });
    const rice = await insertProduct(t.database.db, { offerPrice: 45 });
    const asha = await buyer();
    const started = await post(
      t.app,
      "/api/order/stripe",
      {
        items: [{ product: rice.id, quantity: 2, shownOfferPrice: 45 }],
        address: asha.address.id,
        shownTotal: 130,
      },
      asha.cookies,
    );
    expect(started.statusCode).toBe(200);
    const page = await t.app.inject({ url: new URL(started.json<{ url: string }>().url).pathname });
    expect(page.body).toContain("₹130.00");
    expect(page.body).toMatch(/Delivery fee<\/span><span>₹25\.00/);
    expect(page.body).toMatch(/Small cart fee<\/span><span>₹15\.00/);
    const [row] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, started.json<{ orderId: string }>().orderId));
    expect(row).toMatchObject({
      amountPaise: 13000,
      itemsTotalPaise: 9000,
      deliveryFeePaise: 2500,
    });
  });

  it("always charges the quote: random carts and fee settings, quote total = order amount = items + fees", async () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const products = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        insertProduct(t.database.db, {
          price: 200,
          offerPrice: [9.5, 12, 45, 99.99, 120, 0.5][i]!,
          stock: 100_000,
        }),
      ),
    );
    const asha = await buyer();
    for (let round = 0; round < 60; round++) {
      await shopWith({
        delivery: {
          deliveryFee: random(50),
          freeAbove: random(2) ? null : random(600),
          minimumOrder: 0,
          smallCartFee: random(30),
          smallCartBelow: random(300),
        },
      });
      const chosen = products.filter(() => random(2)).slice(0, 4);
      const items = (chosen.length ? chosen : products.slice(0, 1)).map((p) => ({
        product: p.id,
        quantity: 1 + random(5),
      }));
      const quote = (await asha.quote(items)).json<QuoteResponse>().quote;
      const placed = await asha.order({ items, shownTotal: quote.total });
      expect(placed.statusCode).toBe(201);
      const order = await asha.read(placed.json<{ orderId: string }>().orderId);
      expect(order.amount).toBe(quote.total);
      expect(Math.round(order.amount * 100)).toBe(
        Math.round(order.itemsTotal * 100) +
          Math.round(order.fees.delivery * 100) +
          Math.round(order.fees.smallCart * 100),
      );
    }
  }, 120_000);
});
