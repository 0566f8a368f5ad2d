import { describe, expect, it } from "vitest";
import type { Product } from "../../../contract/product";
import { insertProduct } from "../../test/factories";
import { useTestApp } from "../../test/test-app";

const t = useTestApp({ PUBLIC_URL: "https://shop.example", MEDIA_URL: "https://cdn.example/" });

describe("MEDIA_URL", () => {
  it("puts stored images under MEDIA_URL and the store's own pages under PUBLIC_URL; rows stay relative", async () => {
    const product = await insertProduct(t.database.db, { images: ["/media/p-1-large.webp"] });
    expect(product.images).toEqual(["/media/p-1-large.webp"]);
    const listed = (await t.app.inject({ url: "/api/product/list" })).json<{
      products: Product[];
    }>();
    expect(listed.products[0]!.image).toEqual(["https://cdn.example/media/p-1-large.webp"]);
    const one = (await t.app.inject({ url: `/api/product/${product.id}` })).json<{
      product: Product;
    }>();
    expect(one.product.image).toEqual(["https://cdn.example/media/p-1-large.webp"]);
  });

  it("serves media to other sites (Cross-Origin-Resource-Policy: cross-origin)", async () => {
    await t.media.save("p-2-large.webp", Buffer.from("RIFF....WEBP"));
    const response = await t.app.inject({ url: "/media/p-2-large.webp" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(response.headers["cache-control"]).toContain("immutable");
    const missing = await t.app.inject({ url: "/media/nothing-here.webp" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, code: "not_found" });
  });
});
