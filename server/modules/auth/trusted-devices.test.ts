import { describe, expect, it } from "vitest";
import { createSeller, createShopper } from "../../test/sessions";
import { useTestApp } from "../../test/test-app";
import { deviceCookieNames } from "./trusted-devices";

// OWASP's device cookie (decision 010): the rightful seller, in a browser that logged in before,
// is never locked out by failures from others at the same address (a shop's Wi-Fi, a carrier's
// NAT).
const t = useTestApp();
const shop = "203.0.113.50";

function sellerLogin(email: string, password: string, device?: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/seller/login",
    payload: { email, password },
    remoteAddress: shop,
    cookies: device ? { [deviceCookieNames.seller]: device } : {},
  });
}

const deviceOf = (response: Awaited<ReturnType<typeof sellerLogin>>) =>
  response.cookies.find((cookie) => cookie.name === deviceCookieNames.seller);

describe("a browser that logged in before", () => {
  it("gets a device cookie at login, HttpOnly, for the API only, renewed at each login", async () => {
    const { seller, password } = await createSeller(t.database.db);
    const first = await sellerLogin(seller.email, password);
    expect(first.statusCode).toBe(200);
    const cookie = deviceOf(first)!;
    expect(cookie).toMatchObject({ httpOnly: true, path: "/api/", sameSite: "Lax" });
    const second = await sellerLogin(seller.email, password, cookie.value);
    expect(deviceOf(second)!.value).not.toBe(cookie.value);
    // The one it replaced trusts nothing any more.
    for (let i = 0; i < 5; i++) await sellerLogin(seller.email, "wrong-password");
    expect((await sellerLogin(seller.email, password, cookie.value)).statusCode).toBe(429);
  });

  it("logs the seller in at once after 5, and after 100, wrong passwords from the same address", async () => {
    const { seller, password } = await createSeller(t.database.db);
    const device = deviceOf(await sellerLogin(seller.email, password))!.value;
    for (let i = 0; i < 5; i++)
      expect((await sellerLogin(seller.email, `wrong-${i}`)).statusCode).toBe(401);
    // Locked for everyone else at this address...
    expect((await sellerLogin(seller.email, password)).statusCode).toBe(429);
    // ...not for the seller's own browser.
    const trusted = await sellerLogin(seller.email, password, device);
    expect(trusted.statusCode).toBe(200);

    // A flood: 100 wrong passwords at once from the address, the seller logging in meanwhile.
    const next = deviceOf(trusted)!.value;
    const [own, ...flood] = await Promise.all([
      sellerLogin(seller.email, password, next),
      ...Array.from({ length: 100 }, (_, i) => sellerLogin(seller.email, `flood-${i}`)),
    ]);
    expect(own.statusCode).toBe(200);
    expect(flood.every((answer) => [401, 429].includes(answer.statusCode))).toBe(true);
  });

  it("is limited on its own: 5 wrong passwords from the trusted browser lock that browser", async () => {
    const { seller, password } = await createSeller(t.database.db);
    const device = deviceOf(await sellerLogin(seller.email, password))!.value;
    for (let i = 0; i < 5; i++)
      expect((await sellerLogin(seller.email, `wrong-${i}`, device)).statusCode).toBe(401);
    expect((await sellerLogin(seller.email, password, device)).statusCode).toBe(429);
  });

  it("trusts a browser only for the account it logged in to", async () => {
    const shopper = await createShopper(t.database.db);
    const { seller, password } = await createSeller(t.database.db);
    const other = await createSeller(t.database.db);
    const device = deviceOf(await sellerLogin(other.seller.email, other.password))!.value;
    for (let i = 0; i < 5; i++) await sellerLogin(seller.email, `wrong-${i}`);
    expect((await sellerLogin(seller.email, password, device)).statusCode).toBe(429);
    // A shopper's login gives the shopper's cookie, which the seller area does not read.
    const shopperLogin = await t.app.inject({
      method: "POST",
      url: "/api/user/login",
      payload: { email: shopper.user.email, password: shopper.password },
    });
    expect(shopperLogin.cookies.map((cookie) => cookie.name)).toContain(deviceCookieNames.user);
  });
});
