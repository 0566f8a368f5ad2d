import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp } from "../../test/test-app";

// Uses its own app (with a built web folder), so it does not need the per-test database reset.
let context: Awaited<ReturnType<typeof startTestApp>>;
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-web-"));

beforeAll(async () => {
  fs.mkdirSync(path.join(webRoot, "assets"));
  fs.writeFileSync(
    path.join(webRoot, "index.html"),
    "<!doctype html><title>GreenCart</title><div id=root></div>",
  );
  fs.writeFileSync(path.join(webRoot, "assets", "index-abc123.js"), "console.log('app')");
  fs.writeFileSync(
    path.join(webRoot, "assets", "index-abc123.js.br"),
    zlib.brotliCompressSync("console.log('app')"),
  );
  fs.writeFileSync(path.join(webRoot, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  context = await startTestApp({}, { webRoot });
}, 60_000);
afterAll(async () => {
  await context.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe("serving the built web app", () => {
  it.each(["/", "/cart", "/products/fruits", "/products/fruits/123", "/seller/orders"])(
    "answers the client route %s with index.html, revalidated",
    async (url) => {
      const response = await context.app.inject({ url, headers: { accept: "text/html" } });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.body).toContain("<div id=root>");
      expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
    },
  );

  it("caches hashed assets for a year, immutably", async () => {
    const response = await context.app.inject({ url: "/assets/index-abc123.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-type"]).toContain("javascript");
  });

  it("sends the build's precompressed copy when the browser accepts it", async () => {
    const response = await context.app.inject({
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe("console.log('app')");
  });

  it("serves other public files and answers missing files and API paths with 404, not the page", async () => {
    expect((await context.app.inject({ url: "/favicon.svg" })).statusCode).toBe(200);
    const missingAsset = await context.app.inject({ url: "/assets/nope.js" });
    expect(missingAsset.statusCode).toBe(404);
    const api = await context.app.inject({ url: "/api/nope" });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, code: "not_found" });
    expect(
      (await context.app.inject({ method: "POST", url: "/cart", payload: {} })).statusCode,
    ).toBe(404);
  });
});
