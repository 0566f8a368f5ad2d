import { describe, expect, it } from "vitest";
import { createSeller } from "../test/sessions";
import { useTestApp } from "../test/test-app";

// A storefront on another site (the tutorial's client on its own domain, listed in CORS_ORIGINS)
// keeps its session only if the browser sends the cookie with its cross-site calls.
const t = useTestApp({
  COOKIE_SAME_SITE: "none",
  PUBLIC_URL: "https://shop.example",
  CORS_ORIGINS: "https://storefront.example",
});

const sessionCookieOf = (setCookie: string | string[] | undefined, name: string) =>
  [setCookie ?? []].flat().find((c) => c.startsWith(`${name}=`));

describe("COOKIE_SAME_SITE=none", () => {
  it("sends the session cookies SameSite=None and Secure, and ends them the same way", async () => {
    const registered = await t.app.inject({
      method: "POST",
      url: "/api/user/register",
      headers: { origin: "https://storefront.example", "sec-fetch-site": "cross-site" },
      payload: { name: "Asha", email: "asha@example.com", password: "long-enough-pw" },
    });
    expect(registered.statusCode).toBe(201);
    const sid = sessionCookieOf(registered.headers["set-cookie"], "sid")!;
    expect(sid).toMatch(/SameSite=None/);
    expect(sid).toMatch(/Secure/);
    expect(sid).toMatch(/HttpOnly/);

    const { cookies } = await createSeller(t.database.db);
    const out = await t.app.inject({ method: "POST", url: "/api/seller/logout", cookies });
    const cleared = sessionCookieOf(out.headers["set-cookie"], "seller_sid")!;
    expect(cleared).toMatch(/SameSite=None/);
    expect(cleared).toMatch(/Secure/);
  });

  it("still refuses a state-changing call from a site not listed: the cross-site guard is what stops forgery now", async () => {
    const forged = await t.app.inject({
      method: "POST",
      url: "/api/user/register",
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      payload: { name: "Eve", email: "eve@example.com", password: "long-enough-pw" },
    });
    expect(forged.statusCode).toBe(403);
  });
});
