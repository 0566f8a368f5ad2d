import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { encodedBody, etagIn, matchesAny } from "./answer-encoding";

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
