import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { categories, categoryKeys } from "../../contract/categories";
import type { Product } from "../../contract/product";
import { isValidGstin } from "../../contract/indian-ids";
import { thumbnailUrl } from "../../contract/product-images";
import type { ShopResponse } from "../../contract/shop";
import { shop } from "../db/schema";
import { useTestApp } from "../test/test-app";
import { ensureCategoryImages } from "./demo-images";
import { seedDemoShop } from "./demo-shop";
import { seedDemoCatalog } from "./seed-demo-catalog";

const t = useTestApp();

describe("demo catalogue", () => {
  it("fills an empty store once, across all 7 categories, with images the server serves", async () => {
    const added = await seedDemoCatalog(t.database.db, t.media);
    expect(added).toBeGreaterThanOrEqual(70);
    expect(await seedDemoCatalog(t.database.db, t.media)).toBe(0);

    const { products } = (await t.app.inject({ url: "/api/product/list" })).json<{
      products: Product[];
    }>();
    expect(products).toHaveLength(added);
    expect(new Set(products.map((p) => p.category))).toEqual(new Set(categoryKeys));
    expect(products.some((p) => !p.inStock && p.stock === 0)).toBe(true);
    for (const p of products) {
      expect(p.offerPrice).toBeLessThanOrEqual(p.price);
      expect(p.weight).toMatch(/^\d+(\.\d+)?\s?(g|kg|ml|L|pcs?)$/);
      expect(p.description.length).toBeGreaterThanOrEqual(3);
      expect(p.image).toHaveLength(1);
      expect(p.image[0]).toMatch(/-large\.webp$/);
    }

    const image = await t.app.inject({ url: products[0]!.image[0]! });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/webp");
    expect(image.headers["cache-control"]).toContain("immutable");
    expect((await sharp(image.rawPayload).metadata()).width).toBe(640);
    const thumb = await t.app.inject({ url: thumbnailUrl(products[0]!.image[0]!) });
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);
  });

  it("puts the category tiles' pictures in place, which the store shows with or without it", async () => {
    await ensureCategoryImages(t.media);
    for (const category of categories) {
      expect(
        fs.existsSync(path.join(t.dataDir, "media", category.image.replace("/media/", ""))),
      ).toBe(true);
      expect((await t.app.inject({ url: category.image })).statusCode).toBe(200);
    }
  });
});

describe("the demo's shop", () => {
  it("is a Pune shop with registrations in their right shapes, open round the clock, delivering anywhere for free", async () => {
    await seedDemoShop(t.database.db);
    const answer = (await t.app.inject({ url: "/api/shop" })).json<ShopResponse>().shop;
    expect(answer).toMatchObject({ name: "GreenCart Shivajinagar", openNow: true });
    expect(isValidGstin(answer.gstin!)).toBe(true);
    expect(answer.delivery).toMatchObject({ radiusKm: null, pinCodes: [], deliveryFee: 0 });
    // A shop its seller has named is left alone.
    await t.database.db.update(shop).set({ name: "Asha's Kirana" });
    await seedDemoShop(t.database.db);
    t.app.deps.shop.forget();
    const kept = (await t.app.inject({ url: "/api/shop" })).json<ShopResponse>().shop;
    expect(kept.name).toBe("Asha's Kirana");
  });
});
