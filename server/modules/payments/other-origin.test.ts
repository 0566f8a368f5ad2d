import { describe, expect, it } from "vitest";
import { insertProduct } from "../../test/factories";
import { createShopper } from "../../test/sessions";
import { insertAddress } from "../../test/shop";
import { useTestApp } from "../../test/test-app";

// A storefront hosted on another origin (CORS_ORIGINS) speaking the spec's calls.
const partner = "https://shop.partner.example";
const t = useTestApp({ CORS_ORIGINS: partner, PUBLIC_URL: "https://greencart.example" });

async function checkoutFrom(origin: string | undefined) {
  const shopper = await createShopper(t.database.db);
  const address = await insertAddress(t.database.db, shopper.user.id);
  const product = await insertProduct(t.database.db, { stock: 10 });
  return t.app.inject({
    method: "POST",
    url: "/api/order/stripe",
    cookies: shopper.cookies,
    headers: origin ? { origin, "sec-fetch-site": "cross-site" } : {},
    payload: { items: [{ product: product.id, quantity: 1 }], address: address.id },
  });
}

const form = { "content-type": "application/x-www-form-urlencoded" };

describe("online payment started from another origin", () => {
  it("sends the shopper back to the client's own origin, paid or cancelled", async () => {
    const started = await checkoutFrom(partner);
    expect(started.statusCode).toBe(200);
    expect(started.headers["access-control-allow-origin"]).toBe(partner);
    expect(started.headers["access-control-allow-credentials"]).toBe("true");
    const { url } = started.json<{ url: string }>();
    expect(url).toMatch(/^https:\/\/greencart\.example\/api\/payments\/demo\/demo_/);
    const page = await t.app.inject({ url: new URL(url).pathname });
    expect(page.statusCode).toBe(200);
    const paid = await t.app.inject({
      method: "POST",
      url: `${new URL(url).pathname}/pay`,
      headers: form,
      payload: "",
    });
    expect(paid.headers.location).toBe(`${partner}/loader?next=my-orders`);

    const second = (await checkoutFrom(partner)).json<{ url: string }>().url;
    const cancelled = await t.app.inject({
      method: "POST",
      url: `${new URL(second).pathname}/cancel`,
      headers: form,
      payload: "",
    });
    expect(cancelled.headers.location).toBe(`${partner}/cart?payment=cancelled`);
  });

  it("sends everyone else back to PUBLIC_URL; an origin not allowed cannot start one at all", async () => {
    const own = (await checkoutFrom(undefined)).json<{ url: string }>().url;
    const paid = await t.app.inject({
      method: "POST",
      url: `${new URL(own).pathname}/pay`,
      headers: form,
      payload: "",
    });
    expect(paid.headers.location).toBe("https://greencart.example/loader?next=my-orders");

    // With PUBLIC_URL set, the store's own other addresses do not move the shopper: PUBLIC_URL
    // is where they shop.
    const aliasShopper = await createShopper(t.database.db);
    const aliasAddress = await insertAddress(t.database.db, aliasShopper.user.id);
    const aliasProduct = await insertProduct(t.database.db, { stock: 10 });
    const alias = await t.app.inject({
      method: "POST",
      url: "/api/order/stripe",
      cookies: aliasShopper.cookies,
      headers: {
        host: "10.0.0.5:3000",
        origin: "http://10.0.0.5:3000",
        "sec-fetch-site": "same-origin",
      },
      payload: { items: [{ product: aliasProduct.id, quantity: 1 }], address: aliasAddress.id },
    });
    expect(alias.json<{ url: string }>().url).toMatch(/^https:\/\/greencart\.example\//);

    const foreign = await checkoutFrom("https://evil.example");
    expect(foreign.statusCode).toBe(403);
    expect(foreign.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("answers the catalogue to the allowed origin with CORS headers and absolute image URLs, and not to others", async () => {
    await insertProduct(t.database.db, { images: ["/media/p-1-large.webp"] });
    const allowed = await t.app.inject({
      url: "/api/product/list?limit=5",
      headers: { origin: partner },
    });
    expect(allowed.headers["access-control-allow-origin"]).toBe(partner);
    // Both the origin and the compression decide the answer: a shared cache must key on both.
    expect(String(allowed.headers.vary).toLowerCase()).toMatch(/origin/);
    expect(String(allowed.headers.vary).toLowerCase()).toMatch(/accept-encoding/);
    expect(allowed.json<{ products: { image: string[] }[] }>().products[0]!.image).toEqual([
      "https://greencart.example/media/p-1-large.webp",
    ]);
    const preflight = await t.app.inject({
      method: "OPTIONS",
      url: "/api/order/stripe",
      headers: {
        origin: partner,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe(partner);
    const other = await t.app.inject({
      url: "/api/product/list?limit=5",
      headers: { origin: "https://evil.example" },
    });
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
  });
});
