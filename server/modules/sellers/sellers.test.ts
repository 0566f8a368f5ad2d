import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sellers } from "../../db/schema";
import { verifyPassword } from "../auth/passwords";
import { createSeller, createShopper } from "../../test/sessions";
import { post } from "../../test/shop";
import { useTestApp } from "../../test/test-app";
import { DEFAULT_SELLER_EMAIL, ensureSellerAccount } from "./seller-accounts";

const t = useTestApp();

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

describe("ensureSellerAccount", () => {
  it("creates the configured seller and updates its password when it changes", async () => {
    const first = await ensureSellerAccount(t.database.db, {
      email: "boss@shop.example",
      password: "first-password",
    });
    expect(first).toEqual({
      email: "boss@shop.example",
      password: "first-password",
      source: "config",
    });
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
});
