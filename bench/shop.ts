import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { postJson, request } from "./http-client";
import { runScript, startStore } from "./server-process";

/** One load's figures. autocannon reports p97.5, not p95: p97.5 is at least p95, so a bound on it is one on p95. */
export interface ShopLoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p97_5Ms: number;
  p99Ms: number;
  non2xx: number;
}

export interface ShopBenchResult {
  products: number;
  connections: number;
  rows: { call: string; target: string; figures: ShopLoadFigures }[];
}

const CONNECTIONS = 50;
/** Pune, near Shivajinagar: the shop of the bench. */
const SHOP = { lat: 18.5309, lng: 73.8475 };

async function load(
  url: string,
  seconds: number,
  post?: { body: string; cookie?: string },
): Promise<ShopLoadFigures> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    pipelining: 1,
    ...(post
      ? {
          method: "POST" as const,
          body: post.body,
          headers: {
            "content-type": "application/json",
            ...(post.cookie ? { cookie: post.cookie } : {}),
          },
        }
      : {}),
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p97_5Ms: result.latency.p97_5,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}

/**
 * Issue 43's calls at 50 connections on a 5,000-product shop (PGlite, as `npm start` runs):
 * `GET /api/delivery/check` by PIN and by place, and `POST /api/cart/quote` for a visitor's cart
 * of 5 lines and a shopper's with their address, beside the idle page-of-24 list read of the same
 * run (the catalogue's cheapest cached read). The shop delivers to 20 PIN codes within 3 km, with
 * a delivery fee, free delivery above ₹199, a minimum order and a small-cart fee.
 */
export async function benchShop(options: { seconds: number }): Promise<ShopBenchResult> {
  const products = 5_000;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-bench-shop-"));
  try {
    runScript("server/scripts/seed-catalog.ts", ["--products", String(products)], {
      DATA_DIR: dataDir,
      DATABASE_URL: "",
    });
    const store = await startStore({ DATA_DIR: dataDir, DATABASE_URL: "" });
    try {
      const sellerCookie = await signIn(`${store.url}/api/seller/login`, {
        email: "bench@greencart.local",
        password: "bench-password",
      });
      const pins = Array.from({ length: 20 }, (_, i) => String(411001 + i));
      const saved = await postJson(
        `${store.url}/api/seller/shop`,
        {
          location: SHOP,
          delivery: {
            radiusKm: 3,
            pinCodes: pins,
            deliveryFee: 25,
            freeAbove: 199,
            minimumOrder: 49,
            smallCartFee: 15,
            smallCartBelow: 99,
          },
        },
        sellerCookie,
      );
      if (saved.status !== 200) throw new Error(`saving the shop answered ${saved.status}`);

      const list = JSON.parse((await request(`${store.url}/api/product/list?limit=24`)).body) as {
        products: { _id: string }[];
      };
      const items = list.products
        .slice(0, 5)
        .map((p, i) => ({ product: p._id, quantity: 1 + (i % 3) }));
      const shopperCookie = await signIn(`${store.url}/api/user/register`, {
        name: "Bench Shopper",
        email: `bench-${Date.now()}@example.com`,
        password: "bench-password-1",
      });
      const added = await postJson(
        `${store.url}/api/address/add`,
        {
          address: {
            firstName: "Asha",
            lastName: "Rao",
            email: "asha@example.com",
            street: "12 FC Road",
            city: "Pune",
            state: "Maharashtra",
            zipcode: "411004",
            country: "India",
            phone: "+919876543210",
          },
        },
        shopperCookie,
      );
      const address = (JSON.parse(added.body) as { address?: { _id: string } }).address?._id;
      if (!address) throw new Error(`adding an address answered ${added.status}`);

      const seconds = options.seconds;
      const rows: ShopBenchResult["rows"] = [];
      const measure = async (
        call: string,
        target: string,
        route: string,
        post?: { body: string; cookie?: string },
      ) => {
        if (post) {
          const check = await postJson(
            `${store.url}${route}`,
            JSON.parse(post.body),
            post.cookie ?? "",
          );
          if (check.status !== 200)
            throw new Error(`${route} answered ${check.status}: ${check.body}`);
        } else {
          const check = await request(`${store.url}${route}`);
          if (check.status !== 200)
            throw new Error(`${route} answered ${check.status}: ${check.body}`);
        }
        rows.push({ call, target, figures: await load(`${store.url}${route}`, seconds, post) });
      };
      await measure("idle list read (page of 24)", "reference", "/api/product/list?limit=24");
      await measure("delivery check by PIN", "p95 ≤ 5 ms", "/api/delivery/check?pin=411004");
      await measure(
        "delivery check by place",
        "p95 ≤ 5 ms",
        `/api/delivery/check?lat=${SHOP.lat + 0.02}&lng=${SHOP.lng}`,
      );
      await measure("cart quote, visitor, 5 lines", "p95 ≤ 10 ms", "/api/cart/quote", {
        body: JSON.stringify({ items }),
      });
      await measure("cart quote, shopper's address, 5 lines", "p95 ≤ 10 ms", "/api/cart/quote", {
        body: JSON.stringify({ items, address }),
        cookie: shopperCookie,
      });
      return { products, connections: CONNECTIONS, rows };
    } finally {
      await store.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Posts a login or a sign-up and answers the session's cookie header. */
async function signIn(url: string, body: unknown): Promise<string> {
  const answer = await postJson(url, body, "");
  if (answer.status >= 300) throw new Error(`${url} answered ${answer.status}: ${answer.body}`);
  return (answer.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
}
