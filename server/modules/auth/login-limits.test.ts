import { describe, expect, it } from "vitest";
import { createSeller, createShopper } from "../../test/sessions";
import { post } from "../../test/shop";
import { useTestApp } from "../../test/test-app";
import { addressSlotsWaitedBehind, passwordChecks } from "./login-check";
import { networkLineWaits } from "./network-slots";
import { hashingPeak } from "./passwords";

const t = useTestApp();

const login = (
  email: string,
  password: string,
  headers: Record<string, string> = {},
  area = "user",
) => post(t.app, `/api/${area}/login`, { email, password }, {}, headers);

/** A shopper's login from another client address than the tests' own. */
const loginFrom = (remoteAddress: string, email: string, password: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/user/login",
    payload: { email, password },
    remoteAddress,
  });

describe("login limits", () => {
  it("check at most 5 passwords out of 100 wrong ones sent at once", async () => {
    const shopper = await createShopper(t.database.db);
    const before = passwordChecks.count;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(shopper.user.email, `wrong-${i}`)),
    );
    expect(passwordChecks.count - before).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.statusCode === 401).length).toBe(passwordChecks.count - before);
    const limited = answers.filter((a) => a.statusCode === 429);
    expect(limited.length).toBeGreaterThanOrEqual(95);
    expect(Number(limited[0]!.headers["retry-after"])).toBeGreaterThan(0);
    // The account owner is locked out from this address only; from another address it still works.
    expect((await login(shopper.user.email, shopper.password)).statusCode).toBe(429);
  });

  it("let the seller log in with the right password after 500 failed shopper logins from the same address", async () => {
    const seller = await createSeller(t.database.db);
    const shopper = await createShopper(t.database.db);
    const before = passwordChecks.count;
    // Password spraying: 500 tries over 100 accounts, all at once, all from one address.
    const burstStarted = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        login(i % 100 === 0 ? shopper.user.email : `victim${i % 100}@example.com`, `wrong-${i}`),
      ),
    );
    expect(answers).toHaveLength(500);
    // A wrong password or a limit; never the hashing queue's 503 (one address holds at most 4
    // places in it, however slowly hashes run).
    expect(answers.filter((a) => ![401, 429].includes(a.statusCode))).toEqual([]);
    const checked = passwordChecks.count - before;
    // Past the address's cap of 50, attempts are spaced 200 ms apart and wait at most 5 s, and at
    // most 4 + 16 of them hash or wait for a hash at once: the attacker gets at most one check per
    // 200 ms of the burst besides the first 50, and at least the 20 the queue holds.
    const burstMs = Date.now() - burstStarted;
    expect(checked).toBeGreaterThanOrEqual(20);
    expect(checked).toBeLessThanOrEqual(50 + 25 + Math.ceil(burstMs / 200) + 1);
    expect(checked).toBeLessThan(250);
    expect(answers.filter((a) => a.statusCode === 401).length).toBe(checked);
    expect(answers.filter((a) => a.statusCode === 429).length).toBe(500 - checked);
    const waits = () => [addressSlotsWaitedBehind.count, networkLineWaits.count];
    const waitsBefore = waits();
    const sellerLogin = await login(seller.seller.email, seller.password, {}, "seller");
    expect(sellerLogin.statusCode).toBe(200);
    // Not held back by the burst: its check waited behind none of the burst's slots at the
    // address (at most for the first free one) and in no line for the network's checks.
    expect(waits()).toEqual(waitsBefore);
  }, 120_000);

  it("leave room in the hashing queue for other addresses while one address sprays passwords", async () => {
    const shopper = await createShopper(t.database.db);
    hashingPeak.atOnce = 0;
    const burst = Promise.all(
      Array.from({ length: 60 }, (_, i) => login(`victim${i}@example.com`, `wrong-${i}`)),
    );
    // While the burst's checks run (or wait), a shopper at another address logs in.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const elsewhere = await loginFrom("203.0.113.10", shopper.user.email, shopper.password);
    expect(elsewhere.statusCode).toBe(200);
    const answers = await burst;
    // The 50 attempts let through at once wait at their address (16 at most, the rest 429), 4
    // hashing or waiting for a hash at a time, not in the hashing queue every login shares (64
    // places; 503 for everyone once it is full): it never held more than those 4 and the shopper.
    expect(answers.filter((a) => a.statusCode === 401).length).toBeGreaterThanOrEqual(20);
    expect(answers.filter((a) => ![401, 429].includes(a.statusCode))).toEqual([]);
    expect(hashingPeak.atOnce).toBeLessThanOrEqual(4 + 1);
  }, 60_000);

  it("count an IPv6 network's addresses as one, and an IPv4 address written as IPv6 as itself", async () => {
    const shopper = await createShopper(t.database.db);
    const from = (remoteAddress: string, password = "wrong-password") =>
      loginFrom(remoteAddress, shopper.user.email, password);
    // Five wrong tries, each from another address of one /64: the sixth is refused.
    for (let i = 1; i <= 5; i++) expect((await from(`2001:db8:7:1::${i}`)).statusCode).toBe(401);
    expect((await from("2001:db8:7:1:ffff::9", shopper.password)).statusCode).toBe(429);
    // Another /64 is another network.
    expect((await from("2001:db8:7:2::1", shopper.password)).statusCode).toBe(200);
  });

  it("keep an account usable from an address that has not failed", async () => {
    const shopper = await createShopper(t.database.db);
    for (let i = 0; i < 6; i++) await login(shopper.user.email, "wrong-password");
    expect((await login(shopper.user.email, shopper.password)).statusCode).toBe(429);
    const elsewhere = await loginFrom("203.0.113.9", shopper.user.email, shopper.password);
    expect(elsewhere.statusCode).toBe(200);
  });

  it("ignore X-Forwarded-For unless TRUST_PROXY says so", async () => {
    const shopper = await createShopper(t.database.db);
    for (let i = 0; i < 6; i++)
      await login(shopper.user.email, "wrong", { "x-forwarded-for": `198.51.100.${i}` });
    // Without TRUST_PROXY every attempt counted against the socket's address.
    expect(
      (await login(shopper.user.email, shopper.password, { "x-forwarded-for": "198.51.100.77" }))
        .statusCode,
    ).toBe(429);
  });
});
