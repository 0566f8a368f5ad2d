import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { Product } from "../../../contract/product";
import { products } from "../../db/schema";
import { insertProduct } from "../../test/factories";
import { multipartBody, type FilePart } from "../../test/multipart";
import { createSeller, createShopper } from "../../test/sessions";
import { post } from "../../test/shop";
import { useTestApp } from "../../test/test-app";

const t = useTestApp();

const productData = JSON.stringify({
  name: "Farm Eggs",
  description: ["Twelve eggs", "Free range"],
  category: "dairy",
  price: 90,
  offerPrice: 84.5,
  weight: "12 pcs",
  stock: 30,
});

const jpeg = () =>
  sharp({
    create: { width: 2000, height: 1500, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .withExif({ IFD0: { Copyright: "secret-exif-marker", Artist: "someone" } })
    .jpeg()
    .toBuffer();
const png = () =>
  sharp({ create: { width: 300, height: 200, channels: 4, background: "#00ff00" } })
    .png()
    .toBuffer();
const image = (data: Buffer, filename = "photo.jpg", contentType = "image/jpeg"): FilePart => ({
  name: "images",
  filename,
  contentType,
  data,
});

/** A PNG that claims 20000×20000 pixels in a few hundred bytes: a decompression bomb. */
function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20000, 0);
  header.writeUInt32BE(20000, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = zlib.deflateSync(Buffer.alloc(20001 * 8));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", rows),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function mediaFiles(): string[] {
  const folder = path.join(t.dataDir, "media");
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
}

async function upload(
  cookies: Record<string, string>,
  fields: Record<string, string>,
  files: FilePart[],
) {
  const { payload, headers } = multipartBody(fields, files);
  return t.app.inject({ method: "POST", url: "/api/product/add", payload, headers, cookies });
}

describe("seller product calls without a seller session", () => {
  it("answer 401 and change nothing, even with a shopper session; uploads write no file", async () => {
    const product = await insertProduct(t.database.db, { stock: 0 });
    const shopper = await createShopper(t.database.db);
    for (const cookies of [{}, shopper.cookies]) {
      const uploaded = await upload(cookies, { productData }, [image(await png())]);
      expect(uploaded.statusCode).toBe(401);
      expect(uploaded.json()).toEqual({
        success: false,
        code: "not_authorized",
        message: "Not Authorized",
      });
      for (const [url, body] of [
        ["/api/product/update", { id: product.id, name: "Hacked", stock: 5 }],
        ["/api/product/delete", { id: product.id }],
        ["/api/product/stock", { id: product.id, inStock: true }],
      ] as const) {
        expect((await post(t.app, url, body, cookies)).statusCode).toBe(401);
      }
    }
    expect(mediaFiles()).toEqual([]);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ name: product.name, stock: 0, deletedAt: null });
  });
});

describe("POST /api/product/add", () => {
  it("stores re-encoded WebP images without metadata and a product whose URLs serve them", async () => {
    const { cookies } = await createSeller(t.database.db);
    const listBefore = await t.app.inject({ url: "/api/product/list" });
    const response = await upload(cookies, { productData }, [
      image(await jpeg()),
      image(await png(), "b.png", "image/png"),
    ]);
    expect(response.statusCode).toBe(201);
    const { product } = response.json<{ product: Product }>();
    expect(response.json()).toMatchObject({ success: true, message: "Product Added" });
    expect(product).toMatchObject({
      name: "Farm Eggs",
      category: "Dairy",
      price: 90,
      offerPrice: 84.5,
      stock: 30,
      inStock: true,
      weight: "12 pcs",
    });
    expect(product.image).toHaveLength(2);

    for (const url of product.image) {
      const served = await t.app.inject({ url });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
      expect(served.headers["cache-control"]).toContain("immutable");
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBeLessThanOrEqual(1200);
      expect(meta.exif).toBeUndefined();
      expect(served.rawPayload.includes("secret-exif-marker")).toBe(false);
      const thumb = await t.app.inject({ url: url.replace("-large.webp", "-thumb.webp") });
      expect((await sharp(thumb.rawPayload).metadata()).width).toBeLessThanOrEqual(400);
    }
    expect(
      (await sharp((await t.app.inject({ url: product.image[0]! })).rawPayload).metadata()).width,
    ).toBe(1200);

    const listAfter = await t.app.inject({ url: "/api/product/list" });
    expect(listAfter.headers.etag).not.toBe(listBefore.headers.etag);
    expect(listAfter.json<{ products: Product[] }>().products.map((p) => p._id)).toContain(
      product._id,
    );
  });

  it.each<[string, () => Promise<{ fields: Record<string, string>; files: FilePart[] }>, number]>([
    [
      "an HTML file named .jpg",
      async () => ({
        fields: { productData },
        files: [image(Buffer.from("<html><script>alert(1)</script></html>"))],
      }),
      415,
    ],
    [
      "an SVG",
      async () => ({
        fields: { productData },
        files: [
          image(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), "x.svg", "image/svg+xml"),
        ],
      }),
      415,
    ],
    [
      "a truncated JPEG",
      async () => ({ fields: { productData }, files: [image((await jpeg()).subarray(0, 4000))] }),
      400,
    ],
    [
      "a 20000×20000 PNG",
      async () => ({
        fields: { productData },
        files: [image(pngBomb(), "bomb.png", "image/png")],
      }),
      400,
    ],
    [
      "a 10 MB file",
      async () => ({
        fields: { productData },
        files: [image(Buffer.concat([await jpeg(), Buffer.alloc(10 * 1024 * 1024)]))],
      }),
      413,
    ],
    [
      "5 images",
      async () => ({
        fields: { productData },
        files: await Promise.all([1, 2, 3, 4, 5].map(async () => image(await png()))),
      }),
      413,
    ],
    [
      "productData that is not JSON",
      async () => ({ fields: { productData: "{name:" }, files: [image(await png())] }),
      400,
    ],
    ["no productData", async () => ({ fields: {}, files: [image(await png())] }), 400],
    ["no images", async () => ({ fields: { productData }, files: [] }), 400],
    [
      "an offer price above the price",
      async () => ({
        fields: { productData: JSON.stringify({ ...JSON.parse(productData), offerPrice: 100 }) },
        files: [image(await png())],
      }),
      400,
    ],
  ])(
    "refuses %s with a 4xx, leaves no file behind and keeps serving",
    async (_label, build, status) => {
      const { cookies } = await createSeller(t.database.db);
      const filesBefore = mediaFiles();
      const { fields, files } = await build();
      const response = await upload(cookies, fields, files);
      expect(response.statusCode).toBe(status);
      const body = response.json<{ success: boolean; message: string }>();
      expect(body.success).toBe(false);
      expect(body.message.length).toBeGreaterThan(5);
      expect(mediaFiles()).toEqual(filesBefore);
      expect(await t.database.db.select().from(products)).toEqual([]);
      expect((await t.app.inject({ url: "/api/health" })).statusCode).toBe(200);
    },
  );

  it("refuses a malformed multipart body and a declared 50 MB body", async () => {
    const { cookies } = await createSeller(t.database.db);
    const filesBefore = mediaFiles();
    const broken = await t.app.inject({
      method: "POST",
      url: "/api/product/add",
      cookies,
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
      payload:
        '--xyz\r\nContent-Disposition: form-data; name="images"; filename="a.jpg"\r\n\r\nnot terminated',
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
    const huge = await t.app.inject({
      method: "POST",
      url: "/api/product/add",
      cookies,
      headers: {
        "content-type": "multipart/form-data; boundary=xyz",
        "content-length": String(50 * 1024 * 1024),
      },
      payload: "--xyz--\r\n",
    });
    expect(huge.statusCode).toBe(413);
    expect(mediaFiles()).toEqual(filesBefore);
  });
});

describe("update, delete and stock", () => {
  it("updates fields with the add rules and shows the change in the catalogue at once", async () => {
    const { cookies } = await createSeller(t.database.db);
    const product = await insertProduct(t.database.db, { price: 50, offerPrice: 45, stock: 0 });
    expect(
      (await post(t.app, "/api/product/update", { id: product.id, offerPrice: 60 }, cookies))
        .statusCode,
    ).toBe(400);
    const updated = await post(
      t.app,
      "/api/product/update",
      {
        id: product.id,
        name: "Better Name",
        price: 70,
        offerPrice: 60,
        stock: 12,
        userId: "x",
        inStock: false,
      },
      cookies,
    );
    expect(updated.json()).toMatchObject({
      success: true,
      message: "Product Updated",
      product: { name: "Better Name", price: 70, offerPrice: 60, stock: 12, inStock: true },
    });
    const listed = await t.app.inject({ url: `/api/product/${product.id}` });
    expect(listed.json()).toMatchObject({ product: { name: "Better Name", stock: 12 } });
    const emptied = await post(t.app, "/api/product/update", { id: product.id, stock: 0 }, cookies);
    expect(emptied.json()).toMatchObject({ product: { stock: 0, inStock: false } });
    expect(
      (await post(t.app, "/api/product/update", { id: "nope", name: "x" }, cookies)).statusCode,
    ).toBe(404);
  });

  it("toggles stock, refusing to switch on with no units (409)", async () => {
    const { cookies } = await createSeller(t.database.db);
    const empty = await insertProduct(t.database.db, { stock: 0 });
    const stocked = await insertProduct(t.database.db, { stock: 5 });
    const refused = await post(
      t.app,
      "/api/product/stock",
      { id: empty.id, inStock: true },
      cookies,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "conflict" });
    expect(
      (await post(t.app, "/api/product/stock", { id: stocked.id, inStock: false }, cookies)).json(),
    ).toEqual({ success: true, message: "Stock Updated" });
    expect((await t.app.inject({ url: `/api/product/${stocked.id}` })).json()).toMatchObject({
      product: { inStock: false, stock: 5 },
    });
    expect(
      (await post(t.app, "/api/product/stock", { id: stocked.id, inStock: true }, cookies))
        .statusCode,
    ).toBe(200);
    expect(
      (await post(t.app, "/api/product/stock", { id: stocked.id, inStock: "yes" }, cookies))
        .statusCode,
    ).toBe(400);
  });

  it("deletes by hiding: gone from the catalogue, 404 by id, past order snapshots kept", async () => {
    const { cookies } = await createSeller(t.database.db);
    const product = await insertProduct(t.database.db, { name: "Gone Soon" });
    expect((await post(t.app, "/api/product/delete", { id: product.id }, cookies)).json()).toEqual({
      success: true,
      message: "Product Deleted",
    });
    expect((await t.app.inject({ url: `/api/product/${product.id}` })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: "/api/product/list" })).json<{ products: Product[] }>().products,
    ).toEqual([]);
    expect((await post(t.app, "/api/product/delete", { id: product.id }, cookies)).statusCode).toBe(
      404,
    );
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
  });
});
