import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { appPages, pageFound, productPageMoved } from "./page-found";

it("knows every page of the app's router, so none of them answers 404", () => {
  const router = fs.readFileSync(
    path.resolve(import.meta.dirname, "../../../web/app/router.tsx"),
    "utf8",
  );
  const paths = [...router.matchAll(/<Route path="([^"]+)"/g)].map((m) => m[1]!);
  expect(paths.length).toBeGreaterThan(10);
  for (const route of paths.filter((p) => p !== "*")) {
    // A sample path of the route: its parameters filled, its splat given a page.
    const sample = route
      .replace(":category", "fruits")
      .replace(/:[a-z]+/g, "0b5e9c3a-2a4f-4c1e-9d6b-1f2e3d4c5b6a")
      .replace("*", "orders");
    expect(
      appPages.some((page) => page.test(sample)),
      route,
    ).toBe(true);
    expect(pageFound(sample, []), route).toBe(true);
  }
});

it("finds a missing page where the path, the category or the product is not there", () => {
  expect(pageFound("/nope", [])).toBe(false);
  expect(pageFound("/products/xyz", [])).toBe(false);
  expect(pageFound("/products/fruits/abc", ["/api/product/abc"])).toBe(false);
  // A product the catalogue could not read for an error is not a missing one.
  expect(pageFound("/products/fruits/abc", [])).toBe(true);
  expect(pageFound("/products/fruits/", [])).toBe(true);
  // The router matches paths in any case of letters: so does the server.
  for (const path of ["/Cart", "/ABOUT", "/Products", "/Seller/orders", "/Products/Fruits"])
    expect(pageFound(path, []), path).toBe(true);
});

it("sends a product named under another category, or in capitals, to its own address", () => {
  const id = "0b5e9c3a-2a4f-4c1e-9d6b-1f2e3d4c5b6a";
  const bodies = [
    {
      call: `/api/product/${id}`,
      body: JSON.stringify({ product: { _id: id, category: "Dairy" } }),
    },
  ];
  const own = `/products/dairy/${id}`;
  expect(productPageMoved(`/products/xyz/${id}`, bodies)).toBe(own);
  expect(productPageMoved(`/products/fruits/${id}`, bodies)).toBe(own);
  expect(productPageMoved(`/Products/Dairy/${id}`, bodies)).toBe(own);
  // An id in capitals is read as the same product, whose own address writes it in small letters.
  const upper = [{ ...bodies[0]!, call: `/api/product/${id.toUpperCase()}` }];
  expect(productPageMoved(`/products/dairy/${id.toUpperCase()}`, upper)).toBe(own);
  expect(productPageMoved(own, bodies)).toBeUndefined();
  expect(productPageMoved(`${own}/`, bodies)).toBeUndefined();
  // No product read (missing, or the database could not answer): nothing to send it to.
  expect(productPageMoved(`/products/xyz/${id}`, [])).toBeUndefined();
  expect(productPageMoved("/products/dairy", bodies)).toBeUndefined();
});
