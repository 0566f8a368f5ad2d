import { describe, expect, it } from "vitest";
import { insertProduct } from "../test/factories";
import { createSeller, createShopper } from "../test/sessions";
import { addressInput, insertAddress, post } from "../test/shop";
import { useTestApp } from "../test/test-app";

const t = useTestApp();

/**
 * Characters PostgreSQL cannot store or that make no sense in typed text. A NUL in a query
 * parameter makes PostgreSQL itself fail, so a field that reaches the database unchecked would
 * answer 500; every one of these must be refused by its schema (400) or treated as "not found".
 */
const NUL = "a\u0000b";
const CONTROL = "line\u0007bell";

describe("hostile characters in any field", () => {
  it("are refused with 400 in shopper registration, login, addresses and carts", async () => {
    const shopper = await createShopper(t.database.db);
    const cases: [string, unknown, Record<string, string>][] = [
      ["/api/user/register", { name: NUL, email: "x@example.com", password: "long-enough" }, {}],
      [
        "/api/user/register",
        { name: CONTROL, email: "y@example.com", password: "long-enough" },
        {},
      ],
      ["/api/user/login", { email: `a${NUL}@example.com`, password: "whatever-pw" }, {}],
      ["/api/seller/login", { email: `a${NUL}@example.com`, password: "whatever-pw" }, {}],
      ...(["firstName", "lastName", "street", "city", "state", "country", "email"] as const).map(
        (field): [string, unknown, Record<string, string>] => [
          "/api/address/add",
          { address: addressInput({ [field]: field === "email" ? `a${NUL}@b.com` : NUL }) },
          shopper.cookies,
        ],
      ),
      ["/api/address/add", { address: addressInput({ city: CONTROL }) }, shopper.cookies],
      ["/api/cart/update", { cartItems: { [NUL]: 1 } }, shopper.cookies],
    ];
    for (const [url, body, cookies] of cases) {
      const response = await post(t.app, url, body, cookies);
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: "validation_failed" });
    }
  });

  it("in ids, search and cookies never reach the database as a failing query", async () => {
    const shopper = await createShopper(t.database.db);
    const seller = await createSeller(t.database.db);
    const address = await insertAddress(t.database.db, shopper.user.id);
    await insertProduct(t.database.db);

    const answers = [
      await t.app.inject({ url: `/api/product/list?q=${encodeURIComponent(NUL)}` }),
      await t.app.inject({ url: `/api/product/list?category=${encodeURIComponent(NUL)}` }),
      await t.app.inject({ url: `/api/product/${encodeURIComponent(NUL)}` }),
      await post(t.app, "/api/user/login", { email: shopper.user.email, password: NUL }),
      await t.app.inject({ url: "/api/user/is-auth", cookies: { sid: NUL } }),
      await t.app.inject({ url: "/api/seller/is-auth", cookies: { seller_sid: NUL } }),
      await post(
        t.app,
        "/api/order/cod",
        { items: [{ product: NUL, quantity: 1 }], address: address.id },
        shopper.cookies,
      ),
      await post(
        t.app,
        "/api/order/cod",
        { items: [{ product: "x", quantity: 1 }], address: NUL },
        shopper.cookies,
      ),
      await post(t.app, "/api/order/cancel", { orderId: NUL }, shopper.cookies),
      await post(t.app, "/api/order/status", { orderId: NUL, status: "Packed" }, seller.cookies),
      await post(t.app, "/api/product/stock", { id: NUL, inStock: true }, seller.cookies),
      await post(t.app, "/api/product/delete", { id: NUL }, seller.cookies),
      await t.app.inject({ url: `/api/payments/demo/${encodeURIComponent(NUL)}` }),
    ];
    for (const [index, response] of answers.entries()) {
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `answer ${index}: ${response.body}`).toBeLessThan(500);
      expect(response.body).not.toMatch(/postgres|invalid byte|0x00|stack/i);
    }
  });
});
