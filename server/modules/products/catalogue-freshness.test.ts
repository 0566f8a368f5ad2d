import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Product } from "../../../contract/product";
import { buildApp } from "../../app";
import { imagePart, pngImage } from "../../test/images";
import { multipartBody } from "../../test/multipart";
import { productData } from "../../test/product-uploads";
import { createSeller } from "../../test/sessions";
import { post } from "../../test/shop";
import { useTestApp } from "../../test/test-app";

const t = useTestApp();

// A second process-like app on the same database that never hears the database's NOTIFY (as when
// its listening connection is down): its own seller changes must still show in its answers at once.
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({
    config: t.config,
    database: { ...t.database, listen: async () => {} },
    logger: false,
    webRoot: path.join(t.dataDir, "no-web"),
  });
  await app.ready();
});
beforeEach(() => {
  app.deps.catalog.cache.listingChanged();
  app.deps.catalog.cache.board.clear();
});
afterAll(() => app?.close());

async function list() {
  const response = await app.inject({ url: "/api/product/list" });
  return {
    etag: response.headers.etag,
    products: response.json<{ products: Product[] }>().products,
  };
}

describe("catalogue answers after a seller change", () => {
  it("show every add, update, stock switch and delete at once, with a new ETag each time", async () => {
    const { cookies } = await createSeller(t.database.db);
    const etags = [(await list()).etag];

    const { payload, headers } = multipartBody({ productData }, [imagePart(await pngImage())]);
    const added = await app.inject({
      method: "POST",
      url: "/api/product/add",
      payload,
      headers,
      cookies,
    });
    expect(added.statusCode).toBe(201);
    const id = added.json<{ product: Product }>().product._id;
    let now = await list();
    expect(now.products.map((p) => p._id)).toEqual([id]);
    etags.push(now.etag);

    await post(app, "/api/product/update", { id, name: "Renamed Eggs" }, cookies);
    now = await list();
    expect(now.products[0]).toMatchObject({ name: "Renamed Eggs" });
    etags.push(now.etag);

    await post(app, "/api/product/stock", { id, inStock: false }, cookies);
    now = await list();
    expect(now.products[0]).toMatchObject({ inStock: false });
    etags.push(now.etag);

    await post(app, "/api/product/delete", { id }, cookies);
    now = await list();
    expect(now.products).toEqual([]);
    etags.push(now.etag);

    // Each answer differs from the one before (the first and last are both the empty list).
    etags.slice(1).forEach((etag, i) => expect(etag).not.toBe(etags[i]));
    const notModified = await app.inject({
      url: "/api/product/list",
      headers: { "if-none-match": etags[1]! },
    });
    expect(notModified.statusCode).toBe(200);
  });
});
