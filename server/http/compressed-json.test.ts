import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { insertOrder, insertProduct } from "../test/factories";
import { createShopper } from "../test/sessions";
import { useTestApp } from "../test/test-app";
import { COMPRESS_JSON_FROM } from "./compressed-json";

const t = useTestApp();

/** A shopper with enough orders that their list is well past the compression threshold. */
async function shopperWithOrders(count: number) {
  const shopper = await createShopper(t.database.db);
  const product = await insertProduct(t.database.db);
  for (let i = 0; i < count; i++)
    await insertOrder(t.database.db, {
      userId: shopper.user.id,
      items: [{ product: { id: product.id, name: product.name }, quantity: 1, unitPrice: 10 }],
    });
  return shopper;
}

const myOrders = (cookies: Record<string, string>, acceptEncoding?: string) =>
  t.app.inject({
    url: "/api/order/user",
    cookies,
    headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
  });

describe("large JSON answers", () => {
  it("go as brotli or gzip, as the browser accepts, carrying the same JSON", async () => {
    const { cookies } = await shopperWithOrders(20);
    const plain = await myOrders(cookies);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.length).toBeGreaterThan(COMPRESS_JSON_FROM);

    const br = await myOrders(cookies, "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers["content-length"])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 4);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await myOrders(cookies, "gzip;q=1, br;q=0");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    expect((await myOrders(cookies, "identity")).headers["content-encoding"]).toBeUndefined();
  });

  it("leave small answers plain, errors too", async () => {
    const { cookies } = await shopperWithOrders(1);
    const small = await myOrders(cookies, "br");
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json()).toMatchObject({ success: true });
    const refused = await myOrders({}, "br");
    expect(refused.statusCode).toBe(401);
    expect(refused.headers["content-encoding"]).toBeUndefined();
  });
});
