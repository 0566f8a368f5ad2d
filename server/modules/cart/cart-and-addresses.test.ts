import { describe, expect, it } from "vitest";
import { insertProduct } from "../../test/factories";
import { createShopper } from "../../test/sessions";
import { addressInput, insertAddress, post } from "../../test/shop";
import { useTestApp } from "../../test/test-app";

const t = useTestApp();

describe("POST /api/cart/update", () => {
  it("saves the cart, which comes back in user.cartItems", async () => {
    const { cookies } = await createShopper(t.database.db);
    const product = await insertProduct(t.database.db);
    const saved = await post(
      t.app,
      "/api/cart/update",
      { cartItems: { [product.id]: 3 } },
      cookies,
    );
    expect(saved.json()).toEqual({ success: true, message: "Cart Updated" });
    const me = await t.app.inject({ url: "/api/user/is-auth", cookies });
    expect(me.json()).toMatchObject({ user: { cartItems: { [product.id]: 3 } } });
  });

  it.each([-1, 0, 1.5, "2", [1], 1e9, null])(
    "refuses the quantity %j with 400",
    async (quantity) => {
      const { cookies } = await createShopper(t.database.db);
      const product = await insertProduct(t.database.db);
      const response = await post(
        t.app,
        "/api/cart/update",
        { cartItems: { [product.id]: quantity } },
        cookies,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: "validation_failed" });
    },
  );

  it("refuses unknown and deleted products, and needs a session", async () => {
    const { cookies } = await createShopper(t.database.db);
    const deleted = await insertProduct(t.database.db, { deletedAt: new Date() });
    for (const key of ["00000000-0000-0000-0000-000000000000", "' OR 1=1 --", deleted.id]) {
      const response = await post(t.app, "/api/cart/update", { cartItems: { [key]: 1 } }, cookies);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain("is not a product");
    }
    expect((await post(t.app, "/api/cart/update", { cartItems: {} })).statusCode).toBe(401);
  });
});

describe("addresses", () => {
  it("adds and lists a shopper's own addresses only", async () => {
    const asha = await createShopper(t.database.db);
    const ravi = await createShopper(t.database.db);
    await insertAddress(t.database.db, ravi.user.id);
    const added = await post(t.app, "/api/address/add", { address: addressInput() }, asha.cookies);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      success: true,
      address: { ...addressInput(), _id: expect.any(String) },
    });
    const list = await t.app.inject({ url: "/api/address/get", cookies: asha.cookies });
    expect(list.json<{ addresses: unknown[] }>().addresses).toEqual([
      added.json<{ address: unknown }>().address,
    ]);
  });

  it.each([
    ["zipcode", { zipcode: "56A001" }],
    ["phone", { phone: "12-34" }],
    ["email", { email: "nope" }],
    ["city", { city: "" }],
  ])("refuses an invalid %s with 400 naming it", async (field, override) => {
    const { cookies } = await createShopper(t.database.db);
    const response = await post(
      t.app,
      "/api/address/add",
      { address: addressInput(override) },
      cookies,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(field);
  });

  it("stores script and SQL text as inert text", async () => {
    const { cookies } = await createShopper(t.database.db);
    const street = `<img src=x onerror=alert(1)>'; DROP TABLE addresses; --`;
    const added = await post(
      t.app,
      "/api/address/add",
      { address: addressInput({ street }) },
      cookies,
    );
    expect(added.statusCode).toBe(201);
    const list = await t.app.inject({ url: "/api/address/get", cookies });
    expect(list.json<{ addresses: { street: string }[] }>().addresses[0]?.street).toBe(street);
  });
});
