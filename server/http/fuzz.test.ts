import { randomBytes } from "node:crypto";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { errorBodySchema } from "../../contract/common";
import { apiRoutes } from "../modules/api-docs/api-docs-routes";
import { insertProduct } from "../test/factories";
import { createSeller, createShopper } from "../test/sessions";
import { insertAddress } from "../test/shop";
import { useTestApp } from "../test/test-app";

// Throws a few thousand malformed, mistyped and hostile requests at every route and checks that
// none answers 5xx and every failure answers in the contract's shape. Random but repeatable: the
// seed is fixed (FUZZ_SEED overrides it) and printed with any failure.
const t = useTestApp();
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const PER_ROUTE = 60;

/** A small seeded generator (mulberry32), so a failure can be replayed exactly. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  return { next, int, pick };
}

const strings = [
  "",
  " ",
  "a",
  "0",
  "-1",
  "1e309",
  "NaN",
  "null",
  "true",
  "\u0000",
  "a\u0000b",
  "\u0007bell",
  "\uD800",
  "💥🥭",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "../../../etc/passwd",
  "%00",
  "%ZZ",
  "x".repeat(300),
  "y".repeat(70_000),
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "Order Placed",
  "Delivered",
  "2026-02-30",
  "9999-12-31",
  "demo_" + "a".repeat(40),
];

function value(g: ReturnType<typeof generator>, depth = 0): unknown {
  switch (g.int(depth > 2 ? 6 : 9)) {
    case 0:
      return g.pick(strings);
    case 1:
      return g.pick([0, -1, 1, 1.5, 99, 100, 1e9, -1e9, Number.MAX_SAFE_INTEGER, 0.1 + 0.2]);
    case 2:
      return g.pick([true, false, null]);
    case 3:
      return randomBytes(g.int(40)).toString("base64url");
    case 4:
      return g.int(2) ? "Vegetables" : "COD";
    case 5:
      return {};
    case 6:
      return Array.from({ length: g.int(4) }, () => value(g, depth + 1));
    case 7:
      return Object.fromEntries(
        Array.from({ length: g.int(5) }, () => [g.pick(fieldNames), value(g, depth + 1)]),
      );
    default:
      return {
        items: [{ product: value(g, depth + 1), quantity: value(g, depth + 1) }],
        address: value(g, depth + 1),
      };
  }
}

const fieldNames = [
  "id",
  "email",
  "password",
  "name",
  "items",
  "address",
  "orderId",
  "status",
  "inStock",
  "quantity",
  "price",
  "offerPrice",
  "stock",
  "cartItems",
  "description",
  "category",
  "note",
  "__proto__",
  "constructor",
];
/** encodeURIComponent, but a lone surrogate becomes its (invalid) UTF-8 bytes instead of throwing. */
const encode = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return "%ED%A0%80";
  }
};
const queryKeys = [
  "q",
  "category",
  "inStock",
  "limit",
  "cursor",
  "ids",
  "stock",
  "status",
  "open",
  "days",
  "from",
  "to",
];

describe("fuzzing every route", () => {
  it("never answers 5xx, and every failure is { success: false, code, message }", async () => {
    const g = generator(SEED);
    const shopper = await createShopper(t.database.db);
    const seller = await createSeller(t.database.db);
    const address = await insertAddress(t.database.db, shopper.user.id);
    const product = await insertProduct(t.database.db, { stock: 1000 });
    const cookieJars: Record<string, string>[] = [
      {},
      shopper.cookies,
      seller.cookies,
      { ...shopper.cookies, ...seller.cookies },
      { sid: g.pick(strings).slice(0, 200) || "x", seller_sid: "forged" },
    ];
    const idLike = () =>
      g.pick([
        product.id,
        address.id,
        shopper.user.id,
        "00000000-0000-0000-0000-000000000000",
        ...strings.slice(0, 20),
      ]);

    const routes = [...apiRoutes(t.app), { method: "GET", url: "/media/:name" }];
    expect(routes.length).toBeGreaterThan(35);
    const problems: string[] = [];
    let sent = 0;
    for (const route of routes) {
      for (let i = 0; i < PER_ROUTE; i++) {
        const streams = route.url.endsWith("/events");
        let url = route.url.replace(/:(\w+)/g, () => encode(idLike()).slice(0, 300));
        const query = Array.from({ length: g.int(4) }, () => {
          const key = g.pick(queryKeys);
          const raw = g.int(3) ? String(value(g)) : g.pick(strings);
          return `${key}=${g.int(4) ? encode(raw.slice(0, 500)) : raw.slice(0, 50).replace(/[\s#]/g, "")}`;
        });
        if (query.length) url += `?${query.join("&")}`;
        const method = (
          g.int(10) === 0 ? g.pick(["GET", "POST", "PUT", "DELETE", "PATCH"]) : route.method
        ) as InjectOptions["method"];
        const cookies = streams ? g.pick([{}, cookieJars[4]!]) : g.pick(cookieJars);
        const headers: Record<string, string> = {};
        if (g.int(5) === 0) headers["idempotency-key"] = g.pick(strings).slice(0, 400);
        if (g.int(6) === 0) headers["last-event-id"] = g.pick(strings).slice(0, 100);
        if (g.int(8) === 0) headers["if-none-match"] = g.pick(strings).slice(0, 100);
        let payload: string | Buffer | undefined;
        if (method !== "GET" && method !== "DELETE") {
          const kind = g.int(6);
          if (kind <= 2) {
            headers["content-type"] = "application/json";
            payload = JSON.stringify(value(g));
          } else if (kind === 3) {
            headers["content-type"] = "application/json";
            payload = g.pick([
              "{",
              "[1,",
              '{"a":',
              "\u0000",
              "nul",
              '{"items":[{"product":1}]',
            ] as const);
          } else if (kind === 4) {
            const boundary = g.int(2) ? "fuzz" : "";
            headers["content-type"] = `multipart/form-data; boundary=${boundary}`;
            payload = Buffer.concat([
              Buffer.from(
                `--fuzz\r\nContent-Disposition: form-data; name="${g.pick(["productData", "images", "id", "keep"])}"${g.int(2) ? '; filename="x.png"' : ""}\r\n\r\n`,
              ),
              randomBytes(g.int(200)),
              Buffer.from(g.int(2) ? "\r\n--fuzz--\r\n" : ""),
            ]);
          } else {
            headers["content-type"] = g.pick([
              "text/plain",
              "application/x-www-form-urlencoded",
              "application/xml",
              "image/png",
            ]);
            payload = g.pick(strings);
          }
        }
        const response = await t.app.inject({
          method,
          url,
          headers,
          cookies,
          ...(payload !== undefined ? { payload } : {}),
        });
        sent++;
        const where = `${method} ${url.slice(0, 120)} → ${response.statusCode} (seed ${SEED}, request ${sent})`;
        if (response.statusCode >= 500) problems.push(`${where}: ${response.body.slice(0, 200)}`);
        const type = String(response.headers["content-type"] ?? "");
        if (response.statusCode >= 400 && type.startsWith("application/json")) {
          let body: unknown;
          try {
            body = response.json();
          } catch {
            body = response.body;
          }
          if (!errorBodySchema.strict().safeParse(body).success)
            problems.push(
              `${where}: not the contract's error shape: ${response.body.slice(0, 200)}`,
            );
        } else if (response.statusCode >= 400 && !route.url.startsWith("/api/payments/demo/")) {
          problems.push(`${where}: a failure that is not JSON (${type})`);
        }
      }
    }
    expect(sent).toBeGreaterThan(2000);
    expect(problems).toEqual([]);
  }, 240_000);
});
