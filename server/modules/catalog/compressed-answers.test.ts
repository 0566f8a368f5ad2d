import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import type { Product } from "../../../contract/product";
import { insertProduct } from "../../test/factories";
import { createShopper } from "../../test/sessions";
import { insertAddress, post } from "../../test/shop";
import { useTestApp } from "../../test/test-app";

const t = useTestApp();

const browser = "gzip, deflate, br, zstd";

async function list(acceptEncoding?: string, ifNoneMatch?: string) {
  return t.app.inject({
    url: "/api/product/list?limit=24",
    headers: {
      ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}),
      ...(ifNoneMatch ? { "if-none-match": ifNoneMatch } : {}),
    },
  });
}

async function shelves(count: number) {
  const made = [];
  for (let i = 0; i < count; i++)
    made.push(await insertProduct(t.database.db, { name: `Shelf Tomato ${i}`, stock: 20 }));
  return made;
}

describe("catalogue answers compressed for browsers", () => {
  it("sends brotli to a browser, gzip to a client without brotli, plain JSON to one without either: the same JSON", async () => {
    await shelves(12);
    const plain = await list();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.payload.length).toBeGreaterThan(1024);

    const br = await list(browser);
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const plainTag = plain.headers.etag as string;
    expect(br.headers.etag).toBe(`W/${plainTag.slice(0, -1)}-br"`);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.payload);
    expect(br.rawPayload.length).toBeLessThan(plain.payload.length / 3);

    const gzip = await list("gzip, deflate");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers.etag).toBe(`W/${plainTag.slice(0, -1)}-gzip"`);
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.payload);

    expect((await list("br;q=0, gzip")).headers["content-encoding"]).toBe("gzip");
  });

  it("answers 304 to any coding's ETag, with the ETag of the coding the browser would get", async () => {
    await shelves(12);
    const first = await list(browser);
    expect(first.headers.etag).toMatch(/^W\/".*-br"$/);
    const again = await list(browser, first.headers.etag);
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.rawPayload.length).toBe(0);

    const plain = await list(undefined, first.headers.etag);
    expect(plain.statusCode).toBe(304);
    expect(plain.headers.etag).toMatch(/^"[^"]+"$/);
    expect((await list("gzip", plain.headers.etag)).statusCode).toBe(304);
  });

  it("leaves a short answer uncompressed", async () => {
    const [product] = await shelves(1);
    const response = await t.app.inject({
      url: `/api/product/${product!.id}`,
      headers: { "accept-encoding": browser },
    });
    expect(response.statusCode).toBe(200);
    expect(response.payload.length).toBeLessThan(1024);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.json<{ product: Product }>().product._id).toBe(product!.id);
  });

  it("shows the stock an order left in the next compressed answer, not the one compressed before it", async () => {
    const made = await shelves(12);
    const before = await list(browser);
    const stockOf = (body: Buffer, id: string) => {
      const answer = JSON.parse(zlib.brotliDecompressSync(body).toString()) as {
        products: Product[];
      };
      return answer.products.find((p) => p._id === id)?.stock;
    };
    expect(stockOf(before.rawPayload, made[3]!.id)).toBe(20);

    const { user, cookies } = await createShopper(t.database.db);
    const address = await insertAddress(t.database.db, user.id);
    const order = await post(
      t.app,
      "/api/order/cod",
      { items: [{ product: made[3]!.id, quantity: 3 }], address: address.id },
      cookies,
    );
    expect(order.statusCode).toBe(201);

    const after = await list(browser);
    expect(stockOf(after.rawPayload, made[3]!.id)).toBe(17);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});
