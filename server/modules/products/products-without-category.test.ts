import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Order } from "../../../contract/order";
import type { Product } from "../../../contract/product";
import { products } from "../../db/schema";
import { insertProduct } from "../../test/factories";
import { imagePart, pngImage } from "../../test/images";
import { productFields, productUploads } from "../../test/product-uploads";
import { createSeller, createShopper } from "../../test/sessions";
import { insertAddress, placeCodOrder, post } from "../../test/shop";
import { useTestApp } from "../../test/test-app";

// The spec's Add Product does not require a category (turn 3, 2/10): a product without one is
// listed under All products and found by search, never on a category page.

const t = useTestApp();
const { upload } = productUploads(t);

const list = async (query: string) =>
  (await t.app.inject({ url: `/api/product/list?${query}` }))
    .json<{ products: Product[] }>()
    .products.map((p) => p.name);

describe("a product without a category", () => {
  it("is added without one (left out, null or an empty choice) and answered with category null", async () => {
    const { cookies } = await createSeller(t.database.db);
    const { category: _left, ...withoutCategory } = productFields;
    for (const [name, fields] of [
      ["Left out", withoutCategory],
      ["Null", { ...productFields, category: null }],
      ["Empty", { ...productFields, category: "" }],
    ] as const) {
      const response = await upload(cookies, { productData: JSON.stringify({ ...fields, name }) }, [
        imagePart(await pngImage()),
      ]);
      expect(response.statusCode, name).toBe(201);
      expect(response.json<{ product: Product }>().product).toMatchObject({ name, category: null });
    }
    const [row] = await t.database.db.select().from(products).where(eq(products.name, "Null"));
    expect(row!.category).toBeNull();
  });

  it("is listed under All products and in search, on no category page", async () => {
    await insertProduct(t.database.db, { name: "Loose Tea", category: null });
    await insertProduct(t.database.db, { name: "Green Tea", category: "Drinks" });
    expect(await list("inStock=true&limit=24")).toEqual(["Green Tea", "Loose Tea"]);
    expect((await list("q=tea&inStock=true&limit=24")).sort()).toEqual(["Green Tea", "Loose Tea"]);
    expect(await list("q=loose")).toEqual(["Loose Tea"]);
    expect(await list("category=drinks&limit=24")).toEqual(["Green Tea"]);
    const one = await t.app.inject({
      url: `/api/product/${(await t.database.db.select().from(products).where(eq(products.name, "Loose Tea")))[0]!.id}`,
    });
    expect(one.json<{ product: Product }>().product.category).toBeNull();
  });

  it("can be given a category and have it taken away again by the seller", async () => {
    const { cookies } = await createSeller(t.database.db);
    const product = await insertProduct(t.database.db, { category: null });
    const update = (category: unknown) =>
      post(t.app, "/api/product/update", { id: product.id, category }, cookies);
    expect((await update("fruits")).json()).toMatchObject({ product: { category: "Fruits" } });
    expect((await update(null)).json()).toMatchObject({ product: { category: null } });
    expect((await update("Grains")).json()).toMatchObject({ product: { category: "Grains" } });
    expect((await update("")).json()).toMatchObject({ product: { category: null } });
    expect((await update("toys")).statusCode).toBe(400);
  });

  it("is sold, its order's snapshot and the pick list saying it has no category", async () => {
    const seller = await createSeller(t.database.db);
    const shopper = await createShopper(t.database.db);
    const address = await insertAddress(t.database.db, shopper.user.id);
    const tea = await insertProduct(t.database.db, { name: "Loose Tea", category: null });
    const apple = await insertProduct(t.database.db, { name: "Apple", category: "Fruits" });
    await placeCodOrder(t.app, shopper.cookies, tea.id, address.id);
    await placeCodOrder(t.app, shopper.cookies, apple.id, address.id);
    const mine = await t.app.inject({ url: "/api/order/user", cookies: shopper.cookies });
    expect(mine.statusCode, mine.body).toBe(200);
    const snapshots = mine.json<{ orders: Order[] }>().orders.map((o) => o.items[0]!.product);
    expect(snapshots.map((p) => [p.name, p.category])).toEqual([
      ["Apple", "Fruits"],
      ["Loose Tea", null],
    ]);
    const pick = await t.app.inject({
      url: "/api/order/seller/pick-list",
      cookies: seller.cookies,
    });
    expect(pick.statusCode, pick.body).toBe(200);
    expect(
      pick.json<{ items: { product: Product }[] }>().items.map((i) => i.product.category),
    ).toEqual(["Fruits", null]);
  });
});
