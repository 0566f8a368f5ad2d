import { describe, expect, it } from "vitest";
import { allProductsPage, categoryPage, productPath } from "../../../contract/catalogue-urls";
import { insertProduct } from "../../test/factories";
import { useTestApp } from "../../test/test-app";

const t = useTestApp();

describe("the catalogue's answers asked for without HTTP (a page's first screen)", () => {
  it("gives exactly the bytes and ETag the API sends for a list and a product", async () => {
    const product = await insertProduct(t.database.db, {
      name: "Alphonso Mango",
      category: "Fruits",
    });
    for (const path of [
      categoryPage("fruits"),
      allProductsPage("mango"),
      productPath(product.id),
    ]) {
      const answer = await t.app.deps.catalog.answers.at(path);
      const api = await t.app.inject({ url: path });
      expect(api.statusCode).toBe(200);
      expect(answer?.body).toBe(api.body);
      expect(answer?.etag).toBe(api.headers.etag);
    }
  });

  it("gives nothing where the API would not answer 200", async () => {
    const answers = t.app.deps.catalog.answers;
    for (const path of [
      "/api/product/list?limit=1000", // refused by the query's schema
      "/api/product/list?limit=5&limit=6", // a key twice: an array to the API, refused
      productPath("00000000-0000-4000-8000-000000000000"), // no such product
      "/api/product/%E0%A4%A", // not a valid escape
      "/api/orders",
    ]) {
      expect(await answers.at(path), path).toBeUndefined();
      if (path.startsWith("/api/product/"))
        expect((await t.app.inject({ url: path })).statusCode, path).not.toBe(200);
    }
  });
});
