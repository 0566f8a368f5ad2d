import { describe, expect, it } from "vitest";
import { firstScreenCalls, MAX_SEARCH_LENGTH, productPagePath, searchText } from "./catalogue-urls";

describe("searchText", () => {
  it("trims and cuts a search to what the API takes, never inside a character", () => {
    expect(searchText("  rice ")).toBe("rice");
    expect(searchText(null)).toBe("");
    expect(searchText("a".repeat(150))).toHaveLength(MAX_SEARCH_LENGTH);
    // 99 letters and an emoji (two UTF-16 units): the emoji's half would break the URL.
    const cut = searchText(`${"a".repeat(99)}😀`);
    expect(cut).toBe("a".repeat(99));
    expect(() => encodeURIComponent(cut)).not.toThrow();
    expect(searchText(`${"a".repeat(98)}😀`)).toBe(`${"a".repeat(98)}😀`);
  });

  it("gives a search page's first call for a long search ending in an emoji", () => {
    const search = `?search=${encodeURIComponent(`${"a".repeat(99)}😀`)}`;
    expect(firstScreenCalls("/products", search)).toEqual([
      `/api/product/list?q=${"a".repeat(99)}&inStock=true&limit=24`,
    ]);
  });
});

describe("firstScreenCalls", () => {
  const id = "0b5e9c3a-2a4f-4c1e-9d6b-1f2e3d4c5b6a";

  it("gives each storefront page its calls, in any case of letters as the router matches", () => {
    const product = [`/api/product/${id}`, "/api/product/list?category=dairy&inStock=true&limit=6"];
    expect(firstScreenCalls("/")).toEqual([
      "/api/product/list?inStock=true&sort=bestselling&limit=5",
    ]);
    expect(firstScreenCalls("/products/dairy")).toEqual([
      "/api/product/list?category=dairy&limit=24",
    ]);
    expect(firstScreenCalls(`/products/dairy/${id}`)).toEqual(product);
    expect(firstScreenCalls(`/Products/Dairy/${id}/`)).toEqual(product);
    expect(firstScreenCalls("/PRODUCTS")).toEqual(["/api/product/list?inStock=true&limit=24"]);
    expect(firstScreenCalls("/cart")).toEqual([]);
    expect(firstScreenCalls("/products/dairy/x/y")).toEqual([]);
  });

  it("reads a product named under a category that does not exist, and nothing for the category", () => {
    expect(firstScreenCalls(`/products/xyz/${id}`)).toEqual([`/api/product/${id}`]);
    expect(firstScreenCalls("/products/xyz")).toEqual([]);
  });
});

describe("productPagePath", () => {
  it("is the address the app links a product at", () => {
    expect(productPagePath({ _id: "p1", category: "Dairy" })).toBe("/products/dairy/p1");
  });
});
