import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerCrossSiteGuard } from "./cross-site-guard";
import { registerErrorHandling } from "./errors";

async function appWithGuard() {
  const app = Fastify();
  registerErrorHandling(app);
  registerCrossSiteGuard(app, "https://shop.example", ["https://partner.example"]);
  app.post("/api/thing", async () => ({ success: true }));
  app.post("/api/webhook", { config: { crossSiteAllowed: true } }, async () => ({ success: true }));
  app.get("/api/thing", async () => ({ success: true }));
  await app.ready();
  return app;
}

describe("cross-site guard", () => {
  it.each([
    [{ "sec-fetch-site": "cross-site" }, 403],
    [{ "sec-fetch-site": "cross-site", origin: "https://evil.example" }, 403],
    [{ "sec-fetch-site": "same-site", origin: "https://evil.shop.example" }, 403],
    [{ origin: "https://evil.example" }, 403],
    [{ origin: "null" }, 403],
    [{ "sec-fetch-site": "same-origin", origin: "https://evil.example" }, 403],
    [{ "sec-fetch-site": "same-origin", origin: "https://shop.example" }, 200],
    [{ "sec-fetch-site": "same-origin" }, 200],
    [{ "sec-fetch-site": "none" }, 200],
    [{ origin: "https://shop.example" }, 200],
    [{ "sec-fetch-site": "cross-site", origin: "https://partner.example" }, 200],
    [{}, 200],
  ])("POST with %j answers %i", async (headers, status) => {
    const app = await appWithGuard();
    const response = await app.inject({ method: "POST", url: "/api/thing", headers, payload: {} });
    expect(response.statusCode).toBe(status);
    if (status === 403)
      expect(response.json()).toMatchObject({ success: false, code: "forbidden" });
  });

  it("accepts the origin the request was addressed to (Host), e.g. a local port", async () => {
    const app = await appWithGuard();
    const response = await app.inject({
      method: "POST",
      url: "/api/thing",
      headers: {
        host: "127.0.0.1:4123",
        origin: "http://127.0.0.1:4123",
        "sec-fetch-site": "same-origin",
      },
      payload: {},
    });
    expect(response.statusCode).toBe(200);
  });

  it("lets reads through and exempts routes marked crossSiteAllowed", async () => {
    const app = await appWithGuard();
    expect(
      (await app.inject({ url: "/api/thing", headers: { "sec-fetch-site": "cross-site" } }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await app.inject({
          method: "POST",
          url: "/api/webhook",
          headers: { "sec-fetch-site": "cross-site" },
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
  });
});
