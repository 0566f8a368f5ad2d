import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, sellers } from "../../db/schema";
import { verifyPassword } from "../auth/passwords";
import { createSeller, createShopper } from "../../test/sessions";
import { capturedLog } from "../../test/captured-log";
import { post } from "../../test/shop";
import { useTestApp } from "../../test/test-app";
import { DEFAULT_SELLER_EMAIL, ensureSellerAccount, upsertSeller } from "./seller-accounts";

/** What the store logged, at the console's default level (info and above). */
const { logger, lines: logged } = capturedLog("info");
const t = useTestApp({}, { logger });

describe("seller login", () => {
  it("logs in with a seller cookie separate from the shopper's, and logs out on the server", async () => {
    const { seller, password } = await createSeller(t.database.db, { email: "owner@shop.example" });
    const login = await post(t.app, "/api/seller/login", { email: "Owner@Shop.example", password });
    expect(login.json()).toEqual({ success: true, message: "Logged In" });
    const cookie = login.cookies.find((c) => c.name === "seller_sid")!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    expect(login.cookies.find((c) => c.name === "sid")).toBeUndefined();
    const cookies = { seller_sid: cookie.value };
    expect((await t.app.inject({ url: "/api/seller/is-auth", cookies })).json()).toEqual({
      success: true,
    });

    await t.app.inject({ url: "/api/seller/logout", cookies });
    expect((await t.app.inject({ url: "/api/seller/is-auth", cookies })).statusCode).toBe(401);
    expect(seller.email).toBe("owner@shop.example");
  });

  it("tells a seller, and only a seller, the shop's time zone and who takes online payments", async () => {
    const seller = await createSeller(t.database.db);
    const shop = (cookies: Record<string, string>) =>
      t.app.inject({ url: "/api/seller/shop", cookies });
    expect((await shop(seller.cookies)).json()).toEqual({
      success: true,
      timeZone: "Asia/Kolkata",
      paymentProvider: "demo",
    });
    expect((await shop((await createShopper(t.database.db)).cookies)).statusCode).toBe(401);
    expect((await shop({})).statusCode).toBe(401);
  });

  it("answers an unknown email and a wrong password alike, and limits repeated failures", async () => {
    await createSeller(t.database.db, { email: "owner@shop.example" });
    const wrong = await post(t.app, "/api/seller/login", {
      email: "owner@shop.example",
      password: "nope-nope",
    });
    const unknown = await post(t.app, "/api/seller/login", {
      email: "who@shop.example",
      password: "nope-nope",
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({
      success: false,
      code: "not_authorized",
      message: "Invalid credentials",
    });
    for (let i = 0; i < 4; i++)
      await post(t.app, "/api/seller/login", {
        email: "owner@shop.example",
        password: "nope-" + i,
      });
    const limited = await post(t.app, "/api/seller/login", {
      email: "owner@shop.example",
      password: "nope-x",
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("never opens a seller call with a shopper session", async () => {
    const { cookies } = await createShopper(t.database.db);
    const response = await t.app.inject({ url: "/api/seller/is-auth", cookies });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      success: false,
      code: "not_authorized",
      message: "Not Authorized",
    });
  });
});

describe("seller login, more", () => {
  const login = (body: unknown, remoteAddress = "10.0.0.1") =>
    t.app.inject({
      method: "POST",
      url: "/api/seller/login",
      payload: body as object,
      remoteAddress,
    });

  it("refuses the 6th attempt after 5 failures with 429 and Retry-After, even with the right password", async () => {
    logged.length = 0;
    const { password } = await createSeller(t.database.db, { email: "owner@shop.example" });
    for (let i = 0; i < 5; i++) {
      const failed = await login({ email: "owner@shop.example", password: `wrong-${i}` });
      expect(failed.statusCode).toBe(401);
    }
    const limited = await login({ email: "owner@shop.example", password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: "rate_limited" });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(15 * 60);
    expect(limited.cookies.find((c) => c.name === "seller_sid")).toBeUndefined();
    // The operator sees each password tried with its address, never the password; the limits'
    // own refusals (as many as an attacker sends) stay below the default level.
    const refusals = logged.filter((line) => line.msg === "seller login refused");
    expect(refusals.map((line) => [line.level, line.code, line.email, line.ip])).toEqual(
      Array.from({ length: 5 }, () => [40, "not_authorized", "owner@shop.example", "10.0.0.1"]),
    );
    expect(JSON.stringify(logged)).not.toContain(password);
    expect(JSON.stringify(logged)).not.toContain("wrong-0");
    // The limit is per account and address: the owner on another network still gets in.
    expect((await login({ email: "owner@shop.example", password }, "10.0.0.2")).statusCode).toBe(
      200,
    );
    expect(logged.filter((line) => line.msg === "seller logged in")).toEqual([
      expect.objectContaining({ level: 30, ip: "10.0.0.2" }),
    ]);
  });

  it("forgets earlier failures after a successful login", async () => {
    const { password } = await createSeller(t.database.db, { email: "owner@shop.example" });
    for (let i = 0; i < 4; i++) await login({ email: "owner@shop.example", password: "wrong" });
    expect((await login({ email: "owner@shop.example", password })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await login({ email: "owner@shop.example", password: "wrong" });
    expect((await login({ email: "owner@shop.example", password })).statusCode).toBe(200);
  });

  it("issues a new token at each login; POST logout deletes only that session", async () => {
    const { seller, password } = await createSeller(t.database.db, { email: "owner@shop.example" });
    const tokens = [];
    for (let i = 0; i < 2; i++) {
      const response = await login({ email: "owner@shop.example", password });
      tokens.push(response.cookies.find((c) => c.name === "seller_sid")!.value);
    }
    expect(tokens[0]).not.toBe(tokens[1]);
    expect(tokens[0]!.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits, base64url
    const sessionCount = async () =>
      (await t.database.db.select().from(sessions).where(eq(sessions.sellerId, seller.id))).length;
    const before = await sessionCount();
    const out = await post(t.app, "/api/seller/logout", {}, { seller_sid: tokens[0]! });
    expect(out.json()).toMatchObject({ success: true });
    expect(out.cookies.find((c) => c.name === "seller_sid")?.value).toBe("");
    expect(await sessionCount()).toBe(before - 1);
    const isAuth = (token: string) =>
      t.app.inject({ url: "/api/seller/is-auth", cookies: { seller_sid: token } });
    expect((await isAuth(tokens[0]!)).statusCode).toBe(401);
    expect((await isAuth(tokens[1]!)).statusCode).toBe(200);
  });

  it("answers is-auth without a cookie or with a made-up one with 401, and checks the body", async () => {
    for (const cookies of [{}, { seller_sid: "made-up-token" }] as Record<string, string>[]) {
      const response = await t.app.inject({ url: "/api/seller/is-auth", cookies });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        code: "not_authorized",
        message: "Not Authorized",
      });
    }
    const missing = await login({ email: "owner@shop.example" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: "validation_failed" });
  });

  it("keeps the two areas apart: a seller cookie opens no shopper call", async () => {
    const { cookies } = await createSeller(t.database.db);
    const shopperCall = await t.app.inject({ url: "/api/user/is-auth", cookies });
    expect(shopperCall.statusCode).toBe(401);
    // The same token under the shopper's cookie name is no shopper session either.
    const swapped = await t.app.inject({
      url: "/api/user/is-auth",
      cookies: { sid: cookies.seller_sid },
    });
    expect(swapped.statusCode).toBe(401);
  });
});

describe("ensureSellerAccount", () => {
  it("creates the configured seller and updates its password when it changes", async () => {
    const first = await ensureSellerAccount(t.database.db, {
      email: "boss@shop.example",
      password: "first-password",
    });
    // The configured password is the operator's own: never handed back to be printed or logged.
    expect(first).toEqual({ email: "boss@shop.example", source: "config" });
    await ensureSellerAccount(t.database.db, {
      email: "boss@shop.example",
      password: "second-password",
    });
    const rows = await t.database.db
      .select()
      .from(sellers)
      .where(eq(sellers.email, "boss@shop.example"));
    expect(rows).toHaveLength(1);
    expect(await verifyPassword(rows[0]!.passwordHash, "second-password")).toBe(true);
    expect(await verifyPassword(rows[0]!.passwordHash, "first-password")).toBe(false);
  });

  it("generates a password once when nothing is configured, then reports the existing account", async () => {
    const generated = await ensureSellerAccount(t.database.db);
    expect(generated).toMatchObject({ email: DEFAULT_SELLER_EMAIL, source: "generated" });
    expect(generated.password).toMatch(/^[\w-]{16}$/);
    const login = await post(t.app, "/api/seller/login", {
      email: DEFAULT_SELLER_EMAIL,
      password: generated.password,
    });
    expect(login.statusCode).toBe(200);
    expect(await ensureSellerAccount(t.database.db)).toEqual({
      email: DEFAULT_SELLER_EMAIL,
      source: "existing",
    });
  });
  it("ends the seller's open sessions when the configured password changes, not when it stays", async () => {
    await ensureSellerAccount(t.database.db, {
      email: "boss@shop.example",
      password: "first-pw-1",
    });
    const session = await post(t.app, "/api/seller/login", {
      email: "boss@shop.example",
      password: "first-pw-1",
    });
    const cookies = { seller_sid: session.cookies.find((c) => c.name === "seller_sid")!.value };
    const isAuth = () => t.app.inject({ url: "/api/seller/is-auth", cookies });

    expect(await upsertSeller(t.database.db, "Boss@Shop.example", "first-pw-1")).toBe("unchanged");
    expect((await isAuth()).statusCode).toBe(200);
    await ensureSellerAccount(t.database.db, {
      email: "boss@shop.example",
      password: "second-pw-2",
    });
    // Store processes hear of it from the database as it commits (they may have checked the
    // session a moment ago).
    await expect.poll(async () => (await isAuth()).statusCode, { timeout: 2000 }).toBe(401);
    expect(await upsertSeller(t.database.db, "new@shop.example", "new-seller-pw")).toBe("created");
  });
});
