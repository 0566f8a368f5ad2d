import { describe, expect, it } from "vitest";
import { insertProduct } from "../test/factories";
import { createSeller, createShopper } from "../test/sessions";
import { insertAddress, post } from "../test/shop";
import { useTestApp } from "../test/test-app";

const t = useTestApp();

describe("Cache-Control on answers that depend on a session", () => {
  it("is no-store on every personal answer, failures included, and absent from the public catalogue", async () => {
    const shopper = await createShopper(t.database.db);
    const seller = await createSeller(t.database.db);
    const address = await insertAddress(t.database.db, shopper.user.id);
    const product = await insertProduct(t.database.db);
    const personal = [
      await t.app.inject({ url: "/api/user/is-auth", cookies: shopper.cookies }),
      await t.app.inject({ url: "/api/user/is-auth" }),
      await t.app.inject({ url: "/api/order/user", cookies: shopper.cookies }),
      await t.app.inject({ url: "/api/address/get", cookies: shopper.cookies }),
      await t.app.inject({ url: "/api/seller/is-auth", cookies: seller.cookies }),
      await t.app.inject({ url: "/api/order/seller", cookies: seller.cookies }),
      await t.app.inject({ url: "/api/seller/dashboard", cookies: seller.cookies }),
      await post(t.app, "/api/user/login", {
        email: shopper.user.email,
        password: shopper.password,
      }),
      await post(
        t.app,
        "/api/order/cod",
        { items: [{ product: product.id, quantity: 1 }], address: address.id },
        shopper.cookies,
      ),
      await t.app.inject({ url: "/api/user/logout", cookies: shopper.cookies }),
    ];
    for (const response of personal)
      expect(response.headers["cache-control"], response.body).toBe("no-store");
    const publicList = await t.app.inject({ url: "/api/product/list" });
    expect(publicList.headers["cache-control"]).toBe("no-cache");
  });
});
