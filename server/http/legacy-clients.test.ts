import { describe, expect, it } from "vitest";
import { insertProduct } from "../test/factories";
import { createShopper } from "../test/sessions";
import { insertAddress } from "../test/shop";
import { useTestApp } from "../test/test-app";

// The tutorial's own client, hosted at https://tutorial.example, reads a failure only from a 200
// answer (its server sent them so): with LEGACY_CLIENT_ORIGINS it gets the message it can show.
const legacy = "https://tutorial.example";
const t = useTestApp({
  CORS_ORIGINS: `${legacy},https://modern.example`,
  LEGACY_CLIENT_ORIGINS: legacy,
});

const from = (origin?: string) =>
  origin ? { origin, "sec-fetch-site": "cross-site", "sec-fetch-mode": "cors" } : {};

describe("LEGACY_CLIENT_ORIGINS", () => {
  it("answers a wrong login from that origin 200 with the message, and 401 from anywhere else", async () => {
    const login = (origin?: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/user/login",
        headers: from(origin),
        payload: { email: "nobody@example.com", password: "wrong-password" },
      });
    const old = await login(legacy);
    expect(old.statusCode).toBe(200);
    expect(old.json()).toMatchObject({ success: false, message: "Invalid email or password" });
    expect((await login()).statusCode).toBe(401);
    expect((await login("https://modern.example")).statusCode).toBe(401);
  });

  it("does so for the spec's other calls: a visitor's session check, the seller's wrong password, an order out of stock", async () => {
    const visitor = await t.app.inject({ url: "/api/user/is-auth", headers: from(legacy) });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toMatchObject({ success: false, message: "Not Authorized" });

    const seller = await t.app.inject({
      method: "POST",
      url: "/api/seller/login",
      headers: from(legacy),
      payload: { email: "seller@example.com", password: "wrong-password" },
    });
    expect(seller.statusCode).toBe(200);
    expect(seller.json()).toMatchObject({ success: false, message: "Invalid credentials" });

    const shopper = await createShopper(t.database.db);
    const address = await insertAddress(t.database.db, shopper.user.id);
    const product = await insertProduct(t.database.db, { stock: 1 });
    const order = await t.app.inject({
      method: "POST",
      url: "/api/order/cod",
      headers: from(legacy),
      cookies: shopper.cookies,
      payload: { items: [{ product: product.id, quantity: 2 }], address: address.id },
    });
    expect(order.statusCode).toBe(200);
    expect(order.json()).toMatchObject({ success: false, code: "out_of_stock" });
    expect(order.json<{ message: string }>().message).toMatch(/Only 1 of .* left/);
  });

  it("keeps real statuses for calls the spec does not make, even from that origin", async () => {
    const shopper = await createShopper(t.database.db);
    const missing = await t.app.inject({
      url: "/api/order/00000000-0000-0000-0000-000000000000",
      headers: from(legacy),
      cookies: shopper.cookies,
    });
    expect(missing.statusCode).toBe(404);
  });
});
