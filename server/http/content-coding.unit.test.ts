import { describe, expect, it } from "vitest";
import { pickCoding } from "./content-coding";

describe("pickCoding", () => {
  it("prefers brotli, then gzip, and sends plain JSON to a client that accepts neither", () => {
    expect(pickCoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickCoding("gzip, deflate")).toBe("gzip");
    expect(pickCoding("deflate")).toBeUndefined();
    expect(pickCoding("identity")).toBeUndefined();
    expect(pickCoding(undefined)).toBeUndefined();
    expect(pickCoding("")).toBeUndefined();
  });

  it("honours q=0 (refused) and the wildcard, in any case and spacing", () => {
    expect(pickCoding("br;q=0, gzip")).toBe("gzip");
    expect(pickCoding("BR ; Q=0.5 , GZIP")).toBe("br");
    expect(pickCoding("br;q=0, gzip;q=0")).toBeUndefined();
    expect(pickCoding("*")).toBe("br");
    expect(pickCoding("*, br;q=0")).toBe("gzip");
    expect(pickCoding("*;q=0")).toBeUndefined();
  });
});
