import zlib from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { encodedBody, etagIn, matchesAny, SETTLED_MS, versionOf } from "./versioned-answer";

const body = JSON.stringify({
  products: Array.from({ length: 200 }, (_, i) => ({ name: `Milk ${i}`, stock: i * 7 })),
});

/** What brotli makes of `body` at `quality`: the output is the same for the same settings. */
const brotliAt = (quality: number) =>
  zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
    },
  });

describe("encodedBody", () => {
  it("compresses a version once per coding, to bytes that decode to its body", async () => {
    const answer = versionOf(body, undefined, 0);
    const br = encodedBody(answer, "br", 0);
    expect(encodedBody(answer, "br", 5 * SETTLED_MS)).toBe(br);
    expect(zlib.brotliDecompressSync(await br).toString()).toBe(body);
    const gzip = await encodedBody(answer, "gzip", 0);
    expect(zlib.gunzipSync(gzip).toString()).toBe(body);
    expect((await br).length).toBeLessThan(body.length / 4);
  });

  it("compresses a settled version at full effort", async () => {
    const settled = versionOf(body, { madeAt: 0 }, SETTLED_MS);
    expect(settled.churning).toBe(false);
    expect(await encodedBody(settled, "br", SETTLED_MS)).toEqual(brotliAt(5));
  });

  it("compresses quickly a version that replaced a young one, then at full effort once it has lasted", async () => {
    const churning = versionOf(body, { madeAt: 1000 }, 1000 + SETTLED_MS - 1);
    expect(churning.churning).toBe(true);
    const quick = await encodedBody(churning, "br", churning.madeAt);
    expect(quick).toEqual(brotliAt(1));
    expect(zlib.brotliDecompressSync(quick).toString()).toBe(body);
    // Still young: the quick bytes stay.
    expect(await encodedBody(churning, "br", churning.madeAt + SETTLED_MS - 1)).toBe(quick);
    // It lasted: the quick bytes go out while the full-effort ones are made, then those.
    const lasted = churning.madeAt + SETTLED_MS;
    expect(await encodedBody(churning, "br", lasted)).toBe(quick);
    await vi.waitFor(
      async () => expect(await encodedBody(churning, "br", lasted + 1)).toEqual(brotliAt(5)),
      { timeout: 10_000 },
    );
  });

  it("compresses at full effort a churning version first asked for after it settled", async () => {
    const churning = versionOf(body, { madeAt: 0 }, 10);
    expect(await encodedBody(churning, "gzip", 10 + SETTLED_MS)).toEqual(
      zlib.gzipSync(body, { level: 6 }),
    );
  });
});

describe("ETags of the codings", () => {
  it("tags a version by its body", () => {
    expect(versionOf("{}", undefined, 0).etag).toBe(versionOf("{}", undefined, 9).etag);
    expect(versionOf("{}", undefined, 0).etag).not.toBe(versionOf("[]", undefined, 0).etag);
  });

  it("gives each coding a weak tag of its own, and matches any of them", () => {
    const answer = { etag: '"abc"' };
    expect(etagIn(answer, undefined)).toBe('"abc"');
    expect(etagIn(answer, "br")).toBe('W/"abc-br"');
    expect(etagIn(answer, "gzip")).toBe('W/"abc-gzip"');
    for (const tag of ['"abc"', 'W/"abc"', 'W/"abc-br"', '"abc-gzip"', '"zzz", W/"abc-br"', " * "])
      expect(matchesAny(tag, answer)).toBe(true);
    for (const tag of ['"abd"', 'W/"abc-zstd"', "", undefined])
      expect(matchesAny(tag, answer)).toBe(false);
  });
});
