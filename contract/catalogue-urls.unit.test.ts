import { describe, expect, it } from "vitest";
import { firstScreenCalls, MAX_SEARCH_LENGTH, searchText } from "./catalogue-urls";

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
