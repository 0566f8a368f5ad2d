import { describe, expect, it } from "vitest";
import { insertProduct } from "../../test/factories";
import { createShopper } from "../../test/sessions";
import { insertAddress } from "../../test/shop";
import { useTestApp } from "../../test/test-app";

// PUBLIC_URL not set, as after `npm start`: the store's address is taken to be localhost's.
const t = useTestApp({ PUBLIC_URL: "" });
const form = { "content-type": "application/x-www-form-urlencoded" };

async function checkoutAt(host: string, origin: string | undefined) {
  const shopper = await createShopper(t.database.db);
  const address = await insertAddress(t.database.db, shopper.user.id);
  const product = await insertProduct(t.database.db, { stock: 10 });
  return t.app.inject({
    method: "POST",
    url: "/api/order/stripe",
    cookies: shopper.cookies,
    headers: {
      host,
      ...(origin
        ? { origin, "sec-fetch-site": origin === `http://${host}` ? "same-origin" : "cross-site" }
        : {}),
    },
    payload: { items: [{ product: product.id, quantity: 1 }], address: address.id },
  });
}

/** Presses Pay or Cancel on the demo payment page at `url`; answers where it sends the shopper. */
async function press(url: string, action: "pay" | "cancel", host?: string) {
  const answer = await t.app.inject({
    method: "POST",
    url: `${new URL(url).pathname}/${action}`,
    headers: { ...form, ...(host ? { host } : {}) },
    payload: "",
  });
  return answer.headers.location;
}

describe("online payment without PUBLIC_URL", () => {
  it("keeps a shopper on the address they shop at (127.0.0.1), where their session cookie is", async () => {
    const started = await checkoutAt("127.0.0.1:3000", "http://127.0.0.1:3000");
    expect(started.statusCode).toBe(200);
    const { url } = started.json<{ url: string }>();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/api\/payments\/demo\/demo_/);
    expect(await press(url, "pay", "127.0.0.1:3000")).toBe(
      "http://127.0.0.1:3000/loader?next=my-orders",
    );

    const again = (await checkoutAt("127.0.0.1:3000", "http://127.0.0.1:3000")).json<{
      url: string;
    }>().url;
    expect(await press(again, "cancel")).toBe("http://127.0.0.1:3000/cart?payment=cancelled");
  });

  it("uses localhost's address for a call without an Origin, and refuses another site's", async () => {
    const plain = (await checkoutAt("127.0.0.1:3000", undefined)).json<{ url: string }>().url;
    expect(plain).toMatch(/^http:\/\/localhost:3000\/api\/payments\/demo\//);
    expect(await press(plain, "pay")).toBe("http://localhost:3000/loader?next=my-orders");
    // An Origin that is not the address the request came to is another site: refused.
    expect((await checkoutAt("127.0.0.1:3000", "http://evil.example")).statusCode).toBe(403);
  });

  it("never takes a return address from a Host that is not this machine's loopback", async () => {
    // Host and Origin agree, as a script (not a browser) can make them: still localhost's.
    const forged = await checkoutAt("evil.example", "http://evil.example");
    expect(forged.statusCode).toBe(200);
    const { url } = forged.json<{ url: string }>();
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/payments\/demo\//);
    expect(await press(url, "pay")).toBe("http://localhost:3000/loader?next=my-orders");
  });
});
