import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("applies the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      dataDir: path.resolve("./data"),
      databaseUrl: undefined,
      databasePoolSize: undefined,
      publicUrl: "http://localhost:3000",
      publicUrlSet: false,
      corsOrigins: [],
      cookieSameSite: "lax",
      mediaUrl: "http://localhost:3000",
      mediaStore: "local",
      trustProxy: false,
      shopTimeZone: "Asia/Kolkata",
      seller: undefined,
      payment: { provider: "demo" },
      logLevel: "info",
    });
  });

  it("takes LEGACY_CLIENT_ORIGINS only among CORS_ORIGINS", () => {
    expect(
      loadConfig({ CORS_ORIGINS: "https://a.example", LEGACY_CLIENT_ORIGINS: "https://a.example" })
        .legacyClientOrigins,
    ).toEqual(["https://a.example"]);
    expect(() => loadConfig({ LEGACY_CLIENT_ORIGINS: "https://a.example" })).toThrow(
      /LEGACY_CLIENT_ORIGINS: "https:\/\/a.example" must also be in CORS_ORIGINS/,
    );
  });

  it("takes COOKIE_SAME_SITE=none only with an https PUBLIC_URL", () => {
    expect(
      loadConfig({ COOKIE_SAME_SITE: "none", PUBLIC_URL: "https://shop.example" }).cookieSameSite,
    ).toBe("none");
    expect(() => loadConfig({ COOKIE_SAME_SITE: "none" })).toThrow(
      /COOKIE_SAME_SITE: none needs PUBLIC_URL to be https/,
    );
    expect(() => loadConfig({ COOKIE_SAME_SITE: "strict" })).toThrow(
      /COOKIE_SAME_SITE: must be lax or none/,
    );
  });

  it("derives PUBLIC_URL from PORT and strips a trailing slash from a given one", () => {
    expect(loadConfig({ PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    expect(loadConfig({ PUBLIC_URL: "https://shop.example/" }).publicUrl).toBe(
      "https://shop.example",
    );
    expect(loadConfig({ PUBLIC_URL: "https://shop.example/" }).publicUrlSet).toBe(true);
  });

  it("reads DATABASE_POOL_SIZE", () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: "8" }).databasePoolSize).toBe(8);
    expect(loadConfig({ DATABASE_POOL_SIZE: "" }).databasePoolSize).toBeUndefined();
  });

  it("reads ORDER_STREAM_LIMIT", () => {
    expect(loadConfig({}).orderStreamLimit).toBeUndefined();
    expect(loadConfig({ ORDER_STREAM_LIMIT: "800" }).orderStreamLimit).toBe(800);
    expect(loadConfig({ ORDER_STREAM_LIMIT: " " }).orderStreamLimit).toBeUndefined();
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", SELLER_EMAIL: "", SELLER_PASSWORD: "" })).toMatchObject({
      databaseUrl: undefined,
      seller: undefined,
    });
    // An EnvironmentFile's `PORT=` or `LOG_LEVEL=` lines: the defaults, not port 0 or a refusal.
    expect(loadConfig({ PORT: "", LOG_LEVEL: " ", PAYMENT_PROVIDER: "" })).toMatchObject({
      port: 3000,
      publicUrl: "http://localhost:3000",
      logLevel: "info",
      payment: { provider: "demo" },
    });
    expect(loadConfig({ DEMO_CATALOG: "" }).demoCatalog).toBe(true);
    expect(loadConfig({ DEMO_CATALOG: "off" }).demoCatalog).toBe(false);
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ PORT: "0" }, "PORT"],
    [{ PORT: "80.5" }, "PORT"],
    [{ DATABASE_URL: "postgres://db.example:99999/shop" }, "DATABASE_URL"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ PUBLIC_URL: "ftp://x" }, "PUBLIC_URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ DEMO_CATALOG: "no" }, "DEMO_CATALOG"],
    [{ PAYMENT_PROVIDER: "paypal" }, "PAYMENT_PROVIDER"],
    [{ PAYMENT_PROVIDER: "stripe" }, "STRIPE_SECRET_KEY"],
    [{ PAYMENT_PROVIDER: "razorpay" }, "RAZORPAY_KEY_ID"],
    [{ PAYMENT_PROVIDER: "razorpay", RAZORPAY_KEY_ID: "rzp_test_x" }, "RAZORPAY_KEY_SECRET"],
    [
      { PAYMENT_PROVIDER: "razorpay", RAZORPAY_KEY_ID: "k", RAZORPAY_KEY_SECRET: "s" },
      "RAZORPAY_WEBHOOK_SECRET",
    ],
    [{ RAZORPAY_API_URL: "api.razorpay.com" }, "RAZORPAY_API_URL"],
    [{ SELLER_EMAIL: "a@b.co" }, "SELLER_PASSWORD"],
    [{ SELLER_EMAIL: "not-an-email", SELLER_PASSWORD: "longenough" }, "SELLER_EMAIL"],
    [{ SELLER_EMAIL: "a@b.co", SELLER_PASSWORD: "short" }, "SELLER_PASSWORD"],
    [{ CORS_ORIGINS: "https://ok.example,not a url" }, "CORS_ORIGINS"],
    [{ TRUST_PROXY: "yes" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "0" }, "TRUST_PROXY"],
    [{ SHOP_TIME_ZONE: "Mars/Olympus" }, "SHOP_TIME_ZONE"],
    [{ MEDIA_URL: "cdn.example" }, "MEDIA_URL"],
    [{ MEDIA_STORE: "database" }, "MEDIA_STORE"],
    [{ DATABASE_POOL_SIZE: "1" }, "DATABASE_POOL_SIZE"],
    [{ DATABASE_POOL_SIZE: "many" }, "DATABASE_POOL_SIZE"],
    [{ ORDER_STREAM_LIMIT: "0" }, "ORDER_STREAM_LIMIT"],
    [{ ORDER_STREAM_LIMIT: "-5" }, "ORDER_STREAM_LIMIT"],
    [{ ORDER_STREAM_LIMIT: "lots" }, "ORDER_STREAM_LIMIT"],
  ])("rejects %j naming %s", (env, key) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(key);
  });

  it("reads the seller login, CORS origins and Stripe keys", () => {
    const config = loadConfig({
      SELLER_EMAIL: "Owner@Shop.Example",
      SELLER_PASSWORD: "a-long-password",
      CORS_ORIGINS: "https://a.example, https://b.example",
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
    });
    expect(config.seller).toEqual({ email: "owner@shop.example", password: "a-long-password" });
    expect(config.corsOrigins).toEqual(["https://a.example", "https://b.example"]);
    expect(config.payment).toEqual({
      provider: "stripe",
      stripeSecretKey: "sk_test_x",
      stripeWebhookSecret: "whsec_x",
    });
  });

  it("reads Razorpay's keys, its API address defaulting to Razorpay's own", () => {
    const keys = {
      PAYMENT_PROVIDER: "razorpay",
      RAZORPAY_KEY_ID: "rzp_test_key",
      RAZORPAY_KEY_SECRET: "key-secret",
      RAZORPAY_WEBHOOK_SECRET: "hook-secret",
    };
    expect(loadConfig(keys).payment).toEqual({
      provider: "razorpay",
      razorpay: {
        keyId: "rzp_test_key",
        keySecret: "key-secret",
        webhookSecret: "hook-secret",
        apiUrl: "https://api.razorpay.com",
      },
    });
    expect(
      loadConfig({ ...keys, RAZORPAY_API_URL: "http://127.0.0.1:4010/" }).payment.razorpay?.apiUrl,
    ).toBe("http://127.0.0.1:4010");
  });

  it("reads MEDIA_URL, MEDIA_STORE, TRUST_PROXY and SHOP_TIME_ZONE", () => {
    expect(loadConfig({ MEDIA_URL: "https://cdn.example/" }).mediaUrl).toBe("https://cdn.example");
    expect(loadConfig({ DATABASE_URL: "postgres://x/y" }).mediaStore).toBe("database");
    expect(loadConfig({ DATABASE_URL: "postgres://x/y", MEDIA_STORE: "local" }).mediaStore).toBe(
      "local",
    );
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, 10.0.0.0/8" }).trustProxy).toEqual([
      "10.0.0.1",
      "10.0.0.0/8",
    ]);
    expect(loadConfig({ SHOP_TIME_ZONE: "Europe/Paris" }).shopTimeZone).toBe("Europe/Paris");
  });
});
