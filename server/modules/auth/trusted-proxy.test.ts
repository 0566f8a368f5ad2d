import { describe, expect, it } from "vitest";
import { createShopper } from "../../test/sessions";
import { useTestApp } from "../../test/test-app";

const t = useTestApp({ TRUST_PROXY: "1" });

const login = (email: string, password: string, forwardedFor: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/user/login",
    payload: { email, password },
    headers: { "x-forwarded-for": forwardedFor },
  });

describe("TRUST_PROXY=1 (one proxy in front)", () => {
  it("limits the forwarded client address, not the proxy's", async () => {
    const shopper = await createShopper(t.database.db);
    for (let i = 0; i < 6; i++) await login(shopper.user.email, "wrong", "198.51.100.1");
    expect((await login(shopper.user.email, shopper.password, "198.51.100.1")).statusCode).toBe(
      429,
    );
    // Another client behind the same proxy is not affected.
    expect((await login(shopper.user.email, shopper.password, "198.51.100.2")).statusCode).toBe(
      200,
    );
  });

  it("counts a client whose forwarded address is not an address by its real one", async () => {
    const shopper = await createShopper(t.database.db);
    // A client that reaches the store directly writes its own X-Forwarded-For, new each time.
    for (let i = 0; i < 6; i++) await login(shopper.user.email, "wrong", `not-an-ip-${i}`);
    expect((await login(shopper.user.email, shopper.password, "nor-this")).statusCode).toBe(429);
    // Junk before a real proxy's entry is dropped; the proxy's entry still names the client.
    expect(
      (await login(shopper.user.email, shopper.password, "junk, 198.51.100.3")).statusCode,
    ).toBe(200);
  });
});
