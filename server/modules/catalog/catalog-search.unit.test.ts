import { describe, expect, it } from "vitest";
import { parseSearch, searchKeys } from "./catalog-search";

describe("parseSearch", () => {
  it("reads words of letters and digits, in lower case, each once", () => {
    expect(parseSearch("  Amul   MILK amul ")).toEqual({
      text: "amul milk amul",
      finding: ["amul", "milk"],
      ordering: [],
    });
    expect(parseSearch("Coca-Cola 2L")).toEqual({
      text: "coca-cola 2l",
      finding: ["coca", "cola"],
      ordering: ["2l"],
    });
    expect(parseSearch("Crème brûlée")).toMatchObject({ finding: ["crème", "brûlée"] });
  });

  it("finds by short words only when there is no longer one, and by the text when no word", () => {
    expect(parseSearch("a 5")).toMatchObject({ finding: ["a", "5"], ordering: [] });
    expect(parseSearch("%_")).toEqual({ text: "%_", finding: [], ordering: [] });
  });

  it("finds by 8 words at most; the rest only order", () => {
    const search = parseSearch("one two three four five six seven eight nine ten");
    expect(search.finding).toHaveLength(8);
    expect(search.ordering).toEqual(["nine", "ten"]);
  });
});

/** The keys product_name_keys (migration 0014) gives a name's single word, written again here. */
function nameKeys(word: string): string[] {
  const n = [...word].length;
  if (n < 3 || /[0-9]/.test(word)) return [];
  const keys = [word];
  if (n >= 4)
    for (let i = 1; i <= n; i++)
      keys.push(`${[...word].filter((_, at) => at !== i - 1).join("")}:${i}`);
  return keys;
}
const meets = (typed: string, word: string) =>
  searchKeys(typed).some((key) => nameKeys(word).includes(key));

describe("searchKeys", () => {
  it("meets a word with two neighbours swapped, one letter wrong, missing or extra", () => {
    for (const [typed, word] of [
      ["mlik", "milk"],
      ["imlk", "milk"],
      ["oinon", "onion"],
      ["onoin", "onion"],
      ["mulk", "milk"],
      ["tamato", "tomato"],
      ["mlk", "milk"],
      ["bred", "bread"],
      ["milkk", "milk"],
      ["tomatto", "tomato"],
      ["bred", "red"],
    ] as const)
      expect(meets(typed, word), `${typed} ${word}`).toBe(true);
  });

  it("does not meet a word two edits away, nor a moved letter, nor short or numeric words", () => {
    for (const [typed, word] of [
      ["potato", "tomato"],
      ["mulk", "amul"],
      ["silk", "salt"],
      ["panner", "pepper"],
      ["dla", "dal"],
      ["100g", "500g"],
    ] as const)
      expect(meets(typed, word), `${typed} ${word}`).toBe(false);
    expect(searchKeys("ab")).toEqual([]);
    expect(searchKeys("500g")).toEqual([]);
  });
});
