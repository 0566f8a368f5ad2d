import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { encodedBody, etagIn, matchesAny, pickCoding } from "./answer-encoding";

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

describe("encodedBody", () => {
  it("compresses an answer once per coding, to bytes that decode to its body", async () => {
    const answer = {
      body: JSON.stringify({ products: Array(200).fill({ name: "Milk" }) }),
      etag: '"x"',
    };
    const br = encodedBody(answer, "br");
    expect(encodedBody(answer, "br")).toBe(br);
    expect(zlib.brotliDecompressSync(await br).toString()).toBe(answer.body);
    const gzip = await encodedBody(answer, "gzip");
    expect(zlib.gunzipSync(gzip).toString()).toBe(answer.body);
    expect((await br).length).toBeLessThan(answer.body.length / 4);
  });
});

describe("ETags of the codings", () => {
  it("gives each coding a weak tag of its own, and matches any of them", () => {
    const answer = { body: "{}", etag: '"abc"' };
    expect(etagIn(answer, undefined)).toBe('"abc"');
    expect(etagIn(answer, "br")).toBe('W/"abc-br"');
    expect(etagIn(answer, "gzip")).toBe('W/"abc-gzip"');
    for (const tag of ['"abc"', 'W/"abc"', 'W/"abc-br"', '"abc-gzip"', '"zzz", W/"abc-br"'])
      expect(matchesAny(tag, answer)).toBe(true);
    for (const tag of ['"abd"', 'W/"abc-zstd"', "", undefined])
      expect(matchesAny(tag, answer)).toBe(false);
  });
});
