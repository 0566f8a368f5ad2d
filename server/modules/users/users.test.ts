import { describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { cookieNames } from "../../http/sessions";
import { createSeller, createShopper } from "../../test/sessions";
import { verifications } from "../auth/passwords";
import { post } from "../../test/shop";
import { useTestApp } from "../../test/test-app";

const t = useTestApp();

function sessionCookie(response: {
  cookies: { name: string; value: string }[];
}): Record<string, string> {
  const cookie = response.cookies.find((c) => c.name === cookieNames.user);
  return cookie ? { [cookieNames.user]: cookie.value } : {};
}

describe("shopper accounts", () => {
  it("registers with a session cookie, stores the email in lower case and never returns the hash", async () => {
    const response = await post(t.app, "/api/user/register", {
      name: "Asha",
      email: "Asha@Example.COM",
      password: "long-enough-pw",
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ success: boolean; user: Record<string, unknown> }>();
    expect(body).toEqual({
      success: true,
      user: { _id: expect.any(String), name: "Asha", email: "asha@example.com", cartItems: {} },
    });
    const cookie = response.cookies.find((c) => c.name === "sid")!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie.value.length).toBeGreaterThanOrEqual(22);
    expect(response.body).not.toContain("argon2");

    const me = await t.app.inject({ url: "/api/user/is-auth", cookies: sessionCookie(response) });
    expect(me.json()).toMatchObject({ success: true, user: { email: "asha@example.com" } });
  });

  it("refuses a taken email with 409 and invalid fields with 400 naming the field", async () => {
    await post(t.app, "/api/user/register", {
      name: "A",
      email: "a@example.com",
      password: "long-enough-pw",
    });
    const taken = await post(t.app, "/api/user/register", {
      name: "B",
      email: "A@example.com",
      password: "long-enough-pw",
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ success: false, code: "conflict" });

    for (const [body, field] of [
      [{ email: "x@example.com", password: "long-enough-pw" }, "name"],
      [{ name: "X", email: "not-an-email", password: "long-enough-pw" }, "email"],
      [{ name: "X", email: "x@example.com", password: "short" }, "password"],
      [{ name: "x".repeat(81), email: "x@example.com", password: "long-enough-pw" }, "name"],
    ] as const) {
      const response = await post(t.app, "/api/user/register", body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: "validation_failed" });
      expect(response.json<{ message: string }>().message).toContain(field);
    }
  });

  it("logs in, and answers an unknown email and a wrong password alike", async () => {
    const { user, password } = await createShopper(t.database.db, { email: "known@example.com" });
    const ok = await post(t.app, "/api/user/login", { email: "KNOWN@example.com", password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, user: { _id: user.id, name: user.name } });

    const wrong = await post(t.app, "/api/user/login", {
      email: "known@example.com",
      password: "wrong-password",
    });
    const unknown = await post(t.app, "/api/user/login", {
      email: "nobody@example.com",
      password: "wrong-password",
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({
      success: false,
      code: "not_authorized",
      message: "Invalid email or password",
    });
  });

  it("limits failed logins per account and address: the 6th answers 429 with Retry-After", async () => {
    const { password } = await createShopper(t.database.db, { email: "victim@example.com" });
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await post(t.app, "/api/user/login", {
            email: "victim@example.com",
            password: "guess-" + i,
          })
        ).statusCode,
      ).toBe(401);
    }
    const limited = await post(t.app, "/api/user/login", { email: "victim@example.com", password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: "rate_limited" });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("allows 30 registrations per address in 10 minutes, then 429 with Retry-After; other addresses go on", async () => {
    const register = (i: number, remoteAddress: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/user/register",
        remoteAddress,
        payload: { name: `Flood ${i}`, email: `flood${i}@example.com`, password: "long-enough-pw" },
      });
    for (let i = 0; i < 30; i++) expect((await register(i, "203.0.113.7")).statusCode).toBe(201);
    const limited = await register(30, "203.0.113.7");
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: "rate_limited" });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(500);
    expect((await register(31, "198.51.100.9")).statusCode).toBe(201);
  });

  it("counts sign-ups with a taken email too, so the answer cannot test emails without end", async () => {
    await createShopper(t.database.db, { email: "known@example.com" });
    const probe = () =>
      t.app.inject({
        method: "POST",
        url: "/api/user/register",
        remoteAddress: "203.0.113.44",
        payload: { name: "Probe", email: "known@example.com", password: "long-enough-pw" },
      });
    for (let i = 0; i < 30; i++) expect((await probe()).statusCode).toBe(409);
    const limited = await probe();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: "rate_limited" });
    // Counted apart: real sign-ups from the address keep their own limit.
    const signUp = await t.app.inject({
      method: "POST",
      url: "/api/user/register",
      remoteAddress: "203.0.113.44",
      payload: { name: "New", email: "new-after-probes@example.com", password: "long-enough-pw" },
    });
    expect(signUp.statusCode).toBe(201);
  });

  it("does the same work for an unknown email as for a wrong password: one hash verified", async () => {
    await createShopper(t.database.db, { email: "same-work@example.com" });
    const verified = async (email: string) => {
      const before = verifications.count;
      const answer = await post(t.app, "/api/user/login", { email, password: "wrong-password" });
      expect(answer.statusCode).toBe(401);
      return verifications.count - before;
    };
    // Without the dummy hash an unknown email would verify none, and answer ~10x sooner.
    expect(await verified("same-work@example.com")).toBe(1);
    expect(await verified("nobody-here@example.com")).toBe(1);
  });

  it("ends no session from a link on another site: a cross-site GET logout answers 403", async () => {
    const shopper = await createShopper(t.database.db);
    const seller = await createSeller(t.database.db);
    for (const [url, cookies, check] of [
      ["/api/user/logout", shopper.cookies, "/api/user/is-auth"],
      ["/api/seller/logout", seller.cookies, "/api/seller/is-auth"],
    ] as const) {
      const fromLink = await t.app.inject({
        url,
        cookies,
        headers: { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" },
      });
      expect(fromLink.statusCode).toBe(403);
      expect(fromLink.json()).toMatchObject({ success: false, code: "forbidden" });
      expect((await t.app.inject({ url: check, cookies })).statusCode).toBe(200);
      // The store's own pages (and clients without a browser's headers) still log out with GET.
      const own = await t.app.inject({
        url,
        cookies,
        headers: { "sec-fetch-site": "same-origin" },
      });
      expect(own.statusCode).toBe(200);
      expect((await t.app.inject({ url: check, cookies })).statusCode).toBe(401);
    }
  });

  it("ends the session on the server at logout: the old cookie no longer works", async () => {
    const { cookies } = await createShopper(t.database.db);
    expect((await t.app.inject({ url: "/api/user/is-auth", cookies })).statusCode).toBe(200);
    const out = await t.app.inject({ url: "/api/user/logout", cookies });
    expect(out.json()).toEqual({ success: true, message: "Logged Out" });
    const replay = await t.app.inject({ url: "/api/user/is-auth", cookies });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({
      success: false,
      code: "not_authorized",
      message: "Not Authorized",
    });
  });

  it("keeps a session across a server restart", async () => {
    const { cookies } = await createShopper(t.database.db);
    const restarted = await buildApp({ config: t.config, database: t.database, logger: false });
    try {
      expect((await restarted.inject({ url: "/api/user/is-auth", cookies })).statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
  });

  it("returns stored script and SQL text exactly as sent, inert", async () => {
    const name = `<script>alert(1)</script>' OR 1=1; --`;
    const response = await post(t.app, "/api/user/register", {
      name,
      email: "xss@example.com",
      password: "long-enough-pw",
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers["content-type"]).toContain("application/json");
    expect(response.json<{ user: { name: string } }>().user.name).toBe(name);
  });

  it("answers 401 to is-auth without a session or with a forged cookie", async () => {
    expect((await t.app.inject({ url: "/api/user/is-auth" })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: "/api/user/is-auth", cookies: { sid: "forged" } })).statusCode,
    ).toBe(401);
  });
});
