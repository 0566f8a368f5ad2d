import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { insertProduct } from "../../test/factories";
import { createShopper } from "../../test/sessions";
import { startTestApp } from "../../test/test-app";
import { PageVersions } from "./page-versions";

// Uses its own app (with a built web folder), so it does not need the per-test database reset.
let context: Awaited<ReturnType<typeof startTestApp>>;
const builtRoot = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-web-"));
const webRoot = path.join(builtRoot, "web");

beforeAll(async () => {
  fs.mkdirSync(path.join(webRoot, "assets"), { recursive: true });
  // A stand-in for the built page renderer (dist/ssr beside dist/web): it shows what it was given.
  fs.mkdirSync(path.join(builtRoot, "ssr"));
  fs.writeFileSync(
    path.join(builtRoot, "ssr", "entry-server.js"),
    `let renders = 0;
    let flaky = 0;
    export async function renderPage(url, answers) {
      if (url.includes("fail")) throw new Error("rendering failed");
      if (url.includes("flaky") && flaky++ === 0) throw new Error("rendering failed once");
      renders += 1;
      return '<p data-url="' + url + '" data-render="' + renders + '">' + Object.keys(answers).join("|") + "</p>";
    }`,
  );
  fs.writeFileSync(
    path.join(webRoot, "index.html"),
    "<!doctype html><head><title>GreenCart</title><style>" +
      // A built page carries its critical CSS: long enough to be worth compressing (over 1 KB).
      Array.from({ length: 40 }, (_, i) => `.rule-${i}{margin:${i}px;color:#1f7a3a}`).join("") +
      '</style><link rel="preload" as="image" href="/assets/art/hero.avif" data-route="/"><script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body>',
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
  fs.rmSync(builtRoot, { recursive: true, force: true });
});

describe("serving the built web app", () => {
  it.each(["/", "/cart", "/products/fruits", "/my-orders/123", "/seller/orders", "/about/"])(
    "answers the client route %s with index.html, revalidated",
    async (url) => {
      const response = await context.app.inject({ url, headers: { accept: "text/html" } });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.body).toContain('<div id="root">');
      expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
    },
  );

  it.each([
    "/nope",
    "/products/xyz",
    "/products/fruits/123",
    "/products/fruits/00000000-0000-4000-8000-000000000000",
    "/cart/extra",
  ])("answers %s, no page of the app, with the app's page and 404", async (url) => {
    const response = await context.app.inject({ url, headers: { "if-none-match": "*" } });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toContain('<div id="root">');
  });

  it("answers a product page 200 while the product is on sale, and 404 once it is gone", async () => {
    const product = await insertProduct(context.database.db, { category: "Fruits" });
    const url = `/products/fruits/${product.id}`;
    expect((await context.app.inject({ url })).statusCode).toBe(200);
    await context.database.db.execute(
      sql`update products set deleted_at = now(), in_stock = false where id = ${product.id}`,
    );
    context.app.deps.catalog.cache.listingChanged();
    context.app.deps.catalog.cache.board.clear();
    expect((await context.app.inject({ url })).statusCode).toBe(404);
  });

  it("sends a product's page under another category, or in capitals, to its own address", async () => {
    const product = await insertProduct(context.database.db, { category: "Dairy" });
    const own = `/products/dairy/${product.id}`;
    for (const url of [`/products/xyz/${product.id}`, `/Products/Fruits/${product.id}/`]) {
      const moved = await context.app.inject({ url: `${url}?ref=share` });
      expect(moved.statusCode, url).toBe(301);
      expect(moved.headers.location).toBe(`${own}?ref=share`);
      expect(moved.headers["cache-control"]).toBe("no-cache");
    }
    expect((await context.app.inject({ url: own })).statusCode).toBe(200);
    expect((await context.app.inject({ url: `${own}/` })).statusCode).toBe(200);
    // No such product under a category that does not exist: still missing.
    const missing = await context.app.inject({
      url: "/products/xyz/00000000-0000-4000-8000-000000000000",
    });
    expect(missing.statusCode).toBe(404);
  });

  it("gives a product without a category its page under all, and sends other addresses of it there", async () => {
    const product = await insertProduct(context.database.db, { category: null });
    const own = `/products/all/${product.id}`;
    expect((await context.app.inject({ url: own })).statusCode).toBe(200);
    const moved = await context.app.inject({ url: `/products/dairy/${product.id}` });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(own);
    // `all` names no category page, and no product that is not there.
    expect((await context.app.inject({ url: "/products/all" })).statusCode).toBe(404);
    const missing = `/products/all/00000000-0000-4000-8000-000000000000`;
    expect((await context.app.inject({ url: missing })).statusCode).toBe(404);
  });

  it("puts the session hints right on a page: set beside a live session, cleared without one", async () => {
    const page = (cookies: Record<string, string>) =>
      context.app.inject({ url: "/cart", headers: { accept: "text/html" }, cookies });
    // A session started before hints existed: the page gives it its hint, privately.
    const { cookies } = await createShopper(context.database.db);
    const older = await page(cookies);
    expect(older.cookies.find((c) => c.name === "has_user_session")).toMatchObject({ value: "1" });
    expect(older.cookies.find((c) => c.name === "has_seller_session")).toBeUndefined();
    expect(older.headers["cache-control"]).toBe("private, no-cache");
    // A cookie whose session ended elsewhere gets none: the app would ask about it on every page.
    const ended = await page({ sid: "ended-elsewhere" });
    expect(ended.headers["set-cookie"]).toBeUndefined();
    // A hint whose session cookie is gone is cleared.
    const gone = await page({ has_seller_session: "1" });
    expect(gone.cookies.find((c) => c.name === "has_seller_session")).toMatchObject({ value: "" });
    // Both in step, or neither: no cookie, and the page is cached as any other.
    for (const same of [{}, { ...cookies, has_user_session: "1" }] as Record<string, string>[]) {
      const answer = await page(same);
      expect(answer.headers["set-cookie"]).toBeUndefined();
      expect(answer.headers["cache-control"]).toBe("no-cache");
    }
  });

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

describe("the first screen's data inside the page", () => {
  const inline = (html: string) => {
    const match = /<script id="initial-data" type="application\/json">(.*?)<\/script>/s.exec(html);
    return match ? (JSON.parse(match[1]!) as { answers: Record<string, unknown> }) : undefined;
  };

  it("puts a category's first page, exactly as the API answers it, and preloads its first pictures", async () => {
    const tricky = await insertProduct(context.database.db, {
      name: "Rice </script><script>alert(1)</script>",
      category: "Grains",
    });
    const page = await context.app.inject({ url: "/products/grains" });
    const data = inline(page.body);
    const call = "/api/product/list?category=grains&limit=24";
    const api = await context.app.inject({ url: call });
    expect(data?.answers[call]).toEqual(api.json());
    // A name cannot close the script element.
    expect(page.body).not.toContain("<script>alert(1)");
    expect(JSON.stringify(data)).toContain(tricky.name);
    expect(page.body).toMatch(
      /<link rel="preload" as="image" href="[^"]+-thumb\.webp" fetchpriority="high">/,
    );
    // The home hero's preload is for home only.
    expect(page.body).not.toContain("/assets/art/hero.avif");
  });

  it("gives home its Best Sellers and the hero's preload, and a product page the product and its related products", async () => {
    const product = await insertProduct(context.database.db, { category: "Dairy" });
    const home = await context.app.inject({ url: "/" });
    expect(Object.keys(inline(home.body)?.answers ?? {})).toEqual([
      "/api/product/list?inStock=true&sort=bestselling&limit=5",
    ]);
    expect(home.body).toContain('href="/assets/art/hero.avif" data-route="/"');
    expect(home.body).not.toMatch(/-thumb\.webp" fetchpriority/);

    const detail = await context.app.inject({ url: `/products/dairy/${product.id}` });
    expect(Object.keys(inline(detail.body)?.answers ?? {})).toEqual([
      `/api/product/${product.id}`,
      "/api/product/list?category=dairy&inStock=true&limit=6",
    ]);
    // A product without a category has none to relate it to.
    const alone = await insertProduct(context.database.db, { category: null });
    const page = await context.app.inject({ url: `/products/all/${alone.id}` });
    expect(Object.keys(inline(page.body)?.answers ?? {})).toEqual([`/api/product/${alone.id}`]);
  });

  it("titles the storefront pages it draws as the app does, and leaves the others the built title", async () => {
    const product = await insertProduct(context.database.db, {
      category: "Dairy",
      name: "Amul <Gold> Milk & Co",
    });
    const title = async (url: string) =>
      /<title>([^<]*)<\/title>/.exec((await context.app.inject({ url })).body)?.[1];
    expect(await title(`/products/dairy/${product.id}`)).toBe(
      "Amul &lt;Gold&gt; Milk &amp; Co | GreenCart",
    );
    expect(await title("/products/dairy")).toBe("Dairy Products | GreenCart");
    expect(await title("/products?search=tomato")).toBe("Search: tomato | GreenCart");
    expect(await title("/products")).toBe("All products | GreenCart");
    expect(await title("/")).toBe("GreenCart");
    expect(await title("/cart")).toBe("GreenCart");
    expect(await title("/products/dairy/00000000-0000-4000-8000-000000000000")).toBe("GreenCart");
  });

  it("adds nothing where the page needs nothing from the catalogue or the product does not exist", async () => {
    expect(inline((await context.app.inject({ url: "/cart" })).body)).toBeUndefined();
    const missing = await context.app.inject({
      url: "/products/dairy/00000000-0000-4000-8000-000000000000",
    });
    expect(Object.keys(inline(missing.body)?.answers ?? {})).toEqual([
      "/api/product/list?category=dairy&inStock=true&limit=6",
    ]);
  });
});

describe("the first screen drawn on the server", () => {
  it("puts the renderer's HTML for the page, given the inline answers, inside the app's root", async () => {
    const page = await context.app.inject({ url: "/products/grains" });
    expect(page.body).toMatch(
      /<div id="root"><p data-url="\/products\/grains" data-render="\d+">\/api\/product\/list\?category=grains&limit=24<\/p><\/div>/,
    );
    const detail = await context.app.inject({ url: "/products/dairy/abc" });
    expect(detail.body).toContain('<p data-url="/products/dairy/abc" data-render=');
  });

  it("starts the app once a drawn page has loaded, and at once on a page left to the browser", async () => {
    const drawn = await context.app.inject({ url: "/products/grains" });
    expect(drawn.body).toContain(
      '<script type="module" id="start-after-load" src="/start-after-load.js" data-app="/assets/index-abc123.js"></script>',
    );
    expect(drawn.body).not.toContain('crossorigin src="/assets/index-abc123.js"');
    const cart = await context.app.inject({ url: "/cart" });
    expect(cart.body).toContain('<script type="module" crossorigin src="/assets/index-abc123.js">');
    expect(cart.body).not.toContain("start-after-load");
  });

  it("sends the page compressed as the browser accepts it", async () => {
    const url = "/products/grains";
    const br = await context.app.inject({ url, headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("accept-encoding");
    const html = zlib.brotliDecompressSync(br.rawPayload).toString();
    expect(html).toContain('<div id="root"><p data-url="/products/grains"');
    expect(br.rawPayload.length).toBeLessThan(html.length);
    const gzip = await context.app.inject({ url, headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('id="initial-data"');
    const plain = await context.app.inject({ url, headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain('id="initial-data"');
  });

  it("tags each version of a page, answers 304 while the browser has it, and the new version once the catalogue changed", async () => {
    const url = "/products/dairy";
    const browser = { "accept-encoding": "gzip, deflate, br" };
    const first = await context.app.inject({ url, headers: browser });
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/".+-br"$/);
    const again = await context.app.inject({ url, headers: browser });
    expect(again.headers.etag).toBe(tag);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const revisit = await context.app.inject({
      url,
      headers: { ...browser, "if-none-match": tag },
    });
    expect(revisit.statusCode).toBe(304);
    expect(revisit.rawPayload.length).toBe(0);
    expect(revisit.headers.etag).toBe(tag);

    await insertProduct(context.database.db, { category: "Dairy" });
    await expect
      .poll(
        async () =>
          (await context.app.inject({ url, headers: { ...browser, "if-none-match": tag } }))
            .statusCode,
        { timeout: 10_000 },
      )
      .toBe(200);
    const changed = await context.app.inject({ url, headers: browser });
    expect(changed.headers.etag).not.toBe(tag);
    expect(zlib.brotliDecompressSync(changed.rawPayload).toString()).toContain('id="initial-data"');
  });

  it("draws a page again only when its answers changed", async () => {
    const renderOf = async (url: string) =>
      /data-render="(\d+)"/.exec((await context.app.inject({ url })).body)?.[1];
    const first = await renderOf("/products/fruits");
    expect(await renderOf("/products/fruits")).toBe(first);
    await insertProduct(context.database.db, { category: "Fruits" });
    // The catalogue cache hears of the new product through the change feed (at once on PGlite, a
    // moment later on a PostgreSQL server).
    await expect.poll(() => renderOf("/products/fruits"), { timeout: 10_000 }).not.toBe(first);
    const changed = await renderOf("/products/fruits");
    expect(await renderOf("/products/fruits")).toBe(changed);
  });

  it("leaves pages without catalogue data to the browser", async () => {
    for (const url of ["/cart", "/my-orders", "/seller/orders", "/products/nothing-here"]) {
      const page = await context.app.inject({ url });
      expect(page.statusCode).toBe(url === "/products/nothing-here" ? 404 : 200);
      expect(page.body).toContain('<div id="root"></div>');
    }
  });

  it("sends a page it already made as it is, without making it again", async () => {
    const url = "/products/bakery";
    const first = await context.app.inject({ url, headers: { "accept-encoding": "br" } });
    const made = vi.spyOn(PageVersions.prototype, "of");
    try {
      const again = await context.app.inject({ url, headers: { "accept-encoding": "br" } });
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });

  it("draws again, on the next request, a page whose drawing failed", async () => {
    const url = "/products/grains?search=flaky";
    const failed = await context.app.inject({ url });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('<div id="root"></div>');
    const drawn = await context.app.inject({ url });
    expect(drawn.body).toContain('<div id="root"><p data-url="/products/grains?search=flaky"');
  });

  it("still sends the page without an answer the database could not give, and with it once it can", async () => {
    const url = "/products/drinks";
    const at = vi
      .spyOn(context.app.deps.catalog.answers, "at")
      .mockRejectedValueOnce(new Error("connection terminated"));
    try {
      const without = await context.app.inject({ url });
      expect(without.statusCode).toBe(200);
      expect(without.body).not.toContain('id="initial-data"');
      const recovered = await context.app.inject({ url });
      expect(recovered.body).toContain('id="initial-data"');
      expect(recovered.headers.etag).not.toBe(without.headers.etag);
    } finally {
      at.mockRestore();
    }
  });

  it("still sends the page, for the browser to draw, when rendering fails", async () => {
    const page = await context.app.inject({ url: "/products/grains?search=fail" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).toContain('<script id="initial-data" type="application/json">');
  });
});
