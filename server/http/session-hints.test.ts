import { describe, expect, it } from "vitest";
import { sessionHintCookie } from "../../contract/session-hints";
import { createSeller } from "../test/sessions";
import { post } from "../test/shop";
import { useTestApp } from "../test/test-app";

const t = useTestApp();
const hint = { user: sessionHintCookie("user"), seller: sessionHintCookie("seller") };

type Cookie = { name: string; value: string; httpOnly?: boolean; expires?: Date };
const named = (cookies: Cookie[], name: string) => cookies.find((c) => c.name === name);
/** A cookie being cleared: empty, and expired. */
const cleared = (cookie: Cookie | undefined) =>
  cookie !== undefined && cookie.value === "" && cookie.expires!.getTime() < Date.now();

describe("session hints (cookies the page can read, saying a session is held)", () => {
  it("come with a shopper's session, readable and expiring with it, and go at logout", async () => {
    const register = await post(t.app, "/api/user/register", {
      name: "Asha",
      email: "asha@example.com",
      password: "long-enough-pw",
    });
    const sid = named(register.cookies, "sid")!;
    const has = named(register.cookies, hint.user)!;
    expect(has).toMatchObject({ value: "1", path: "/", sameSite: "Lax" });
    expect(has.httpOnly).toBeFalsy();
    expect(has.expires).toEqual(sid.expires);
    expect(named(register.cookies, hint.seller)).toBeUndefined();

    const logout = await t.app.inject({
      url: "/api/user/logout",
      cookies: { sid: sid.value, [hint.user]: "1" },
    });
    expect(cleared(named(logout.cookies, hint.user))).toBe(true);
  });

  it("come and go with the seller's session too", async () => {
    const { seller, password } = await createSeller(t.database.db);
    const login = await post(t.app, "/api/seller/login", { email: seller.email, password });
    expect(named(login.cookies, hint.seller)).toMatchObject({ value: "1" });
    const logout = await t.app.inject({
      url: "/api/seller/logout",
      cookies: { seller_sid: named(login.cookies, "seller_sid")!.value },
    });
    expect(cleared(named(logout.cookies, hint.seller))).toBe(true);
  });

  it("is cleared by a 401 when its session is gone, and a visitor's 401 sets no cookie", async () => {
    const stale = await t.app.inject({
      url: "/api/user/is-auth",
      cookies: { sid: "ended-long-ago", [hint.user]: "1" },
    });
    expect(stale.statusCode).toBe(401);
    expect(cleared(named(stale.cookies, hint.user))).toBe(true);
    const seller = await t.app.inject({
      url: "/api/seller/is-auth",
      cookies: { [hint.seller]: "1" },
    });
    expect(seller.statusCode).toBe(401);
    expect(cleared(named(seller.cookies, hint.seller))).toBe(true);

    const visitor = await t.app.inject({ url: "/api/user/is-auth" });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.headers["set-cookie"]).toBeUndefined();
  });
});
