import http from "node:http";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { Product } from "../../../contract/product";
import {
  avifImage,
  imagePart,
  jpegWithExif,
  noisyPng,
  pngImage,
  webpImage,
} from "../../test/images";
import { multipartBody } from "../../test/multipart";
import { productData, productFields as fields, productUploads } from "../../test/product-uploads";
import { createSeller, createShopper } from "../../test/sessions";
import { useTestApp } from "../../test/test-app";

const t = useTestApp();
const { mediaFiles, upload, expectNothingChanged } = productUploads(t);

describe("POST /api/product/add: a valid upload", () => {
  it("stores re-encoded WebP images without metadata and a product whose URLs serve them", async () => {
    const { cookies } = await createSeller(t.database.db);
    const listBefore = await t.app.inject({ url: "/api/product/list" });
    const response = await upload(cookies, { productData }, [
      imagePart(await jpegWithExif()),
      imagePart(await pngImage(), "b.png", "image/png"),
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ success: true, message: "Product Added" });
    const { product } = response.json<{ product: Product }>();
    expect(product).toMatchObject({
      name: "Farm Eggs",
      category: "Dairy",
      price: 90,
      offerPrice: 84.5,
      stock: 30,
      inStock: true,
      weight: "12 pcs",
      description: ["Twelve eggs", "Free range"],
    });
    // One URL per picture, in upload order, each the large size under a server-made name.
    expect(product.image).toHaveLength(2);
    for (const url of product.image)
      expect(url).toMatch(/^http:\/\/localhost:3000\/media\/p-[0-9a-f-]{36}-large\.webp$/);
    expect(mediaFiles()).toHaveLength(4);

    const sizes = [];
    for (const url of product.image.map((u) => new URL(u).pathname)) {
      const served = await t.app.inject({ url });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
      expect(served.headers["cache-control"]).toContain("immutable");
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: "webp" });
      expect(meta.width).toBeLessThanOrEqual(1200);
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(served.rawPayload.includes("secret-exif-marker")).toBe(false);
      const thumb = await t.app.inject({ url: url.replace("-large.webp", "-thumb.webp") });
      expect(thumb.statusCode).toBe(200);
      const thumbMeta = await sharp(thumb.rawPayload).metadata();
      expect(thumbMeta.format).toBe("webp");
      expect(thumbMeta.width).toBeLessThanOrEqual(400);
      sizes.push([meta.width, meta.height]);
    }
    // 2000×1500 fits the 1200 box; the 300×200 PNG is not enlarged.
    expect(sizes).toEqual([
      [1200, 900],
      [300, 200],
    ]);

    const listAfter = await t.app.inject({ url: "/api/product/list" });
    expect(listAfter.headers.etag).not.toBe(listBefore.headers.etag);
    expect(listAfter.json<{ products: Product[] }>().products.map((p) => p._id)).toEqual([
      product._id,
    ]);
  });

  it("turns a photo upright by its EXIF orientation, and takes WebP and AVIF too", async () => {
    const { cookies } = await createSeller(t.database.db);
    const { stock: _default, ...withoutStock } = fields;
    const response = await upload(cookies, { productData: JSON.stringify(withoutStock) }, [
      imagePart(await jpegWithExif(6)), // stored 2000×1500, shown rotated a quarter turn
      imagePart(await webpImage(), "c.webp", "image/webp"),
      imagePart(await avifImage(), "d.avif", "image/avif"),
    ]);
    expect(response.statusCode).toBe(201);
    const { product } = response.json<{ product: Product }>();
    expect(product).toMatchObject({ stock: 100, inStock: true });
    const dimensions = [];
    for (const url of product.image) {
      const meta = await sharp((await t.app.inject({ url })).rawPayload).metadata();
      expect(meta.orientation).toBeUndefined();
      dimensions.push([meta.width, meta.height]);
    }
    expect(dimensions).toEqual([
      [900, 1200],
      [1200, 1200],
      [320, 240],
    ]);
  });

  it("accepts four pictures of almost 5 MB each (15 MB in one request)", async () => {
    const { cookies } = await createSeller(t.database.db);
    const files = [];
    for (let i = 0; i < 4; i++) files.push(imagePart(await noisyPng(), `n${i}.png`, "image/png"));
    expect(files.reduce((sum, f) => sum + f.data.length, 0)).toBeGreaterThan(14 * 1024 * 1024);
    const response = await upload(cookies, { productData }, files);
    expect(response.statusCode).toBe(201);
    expect(response.json<{ product: Product }>().product.image).toHaveLength(4);
  });

  it("adds a product with stock 0 off sale", async () => {
    const { cookies } = await createSeller(t.database.db);
    const response = await upload(
      cookies,
      { productData: JSON.stringify({ ...fields, stock: 0 }) },
      [imagePart(await pngImage(), "a.png", "image/png")],
    );
    expect(response.json()).toMatchObject({ product: { stock: 0, inStock: false } });
  });
});

describe("POST /api/product/add: who may upload, and how much", () => {
  it("refuses uploads without a seller session before reading them: no file is written", async () => {
    const shopper = await createShopper(t.database.db);
    const filesBefore = mediaFiles();
    for (const cookies of [{}, shopper.cookies]) {
      const response = await upload(cookies, { productData }, [imagePart(await pngImage())]);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        code: "not_authorized",
        message: "Not Authorized",
      });
    }
    await expectNothingChanged(filesBefore);
  });

  it("answers a 50 MB upload with 413 (and an anonymous one with 401) before the body is sent", async () => {
    const { cookies } = await createSeller(t.database.db);
    const filesBefore = mediaFiles();
    const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const send = (cookie: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(`${base}/api/product/add`, {
          method: "POST",
          headers: {
            cookie,
            "content-type": "multipart/form-data; boundary=xyz",
            "content-length": String(50 * 1024 * 1024),
          },
        });
        request.on("response", (response) => {
          let body = "";
          response.on("data", (chunk: Buffer) => (body += chunk.toString()));
          response.on("end", () => {
            request.destroy();
            resolve({ status: response.statusCode ?? 0, body });
          });
        });
        request.on("error", reject);
        // Only the first 64 KB of the promised 50 MB is ever sent: an answer proves nothing waited for the rest.
        request.write(Buffer.alloc(64 * 1024));
      });
    const big = await send(`seller_sid=${cookies.seller_sid}`);
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body)).toMatchObject({ code: "payload_too_large" });
    const anonymous = await send("");
    expect(anonymous.status).toBe(401);
    await expectNothingChanged(filesBefore);
  });

  it("accepts multipart bodies on this route only", async () => {
    const { payload, headers } = multipartBody({ email: "a@shop.example", password: "whatever-1" });
    const response = await t.app.inject({
      method: "POST",
      url: "/api/seller/login",
      payload,
      headers,
    });
    expect(response.statusCode).toBe(415);
  });
});
