import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { queryRows } from "../server/db/database";
import { startRazorpayDouble } from "../server/test/razorpay-double";
import { webhookDelivery } from "../server/test/razorpay-signing";
import { makeShoppers, percentile, withBenchDatabase } from "./bench-database";
import { request } from "./http-client";
import { runScript, startBareServer, startStore } from "./server-process";

export interface WebhookBenchRow {
  target: string;
  deliveries: number;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  non200: number;
}

export interface WebhookBenchResult {
  orders: number;
  rows: WebhookBenchRow[];
  /** Orders paid at the end: each exactly once (Order Placed), whatever the duplicates. */
  ordersPlaced: number;
}

const keys = {
  keyId: "rzp_test_bench",
  keySecret: "bench-key-secret",
  webhookSecret: "bench-webhook-secret",
};

/**
 * Sends `deliveries` at a fixed rate (open loop: each leaves at its time whether or not the ones
 * before were answered, as Razorpay's deliveries do) and times each answer.
 */
async function deliverAtRate(
  url: string,
  deliveries: { body: string; headers: Record<string, string> }[],
  perSecond: number,
): Promise<{ times: number[]; non200: number }> {
  const times: number[] = [];
  let non200 = 0;
  const start = performance.now();
  const sent: Promise<void>[] = [];
  for (let i = 0; i < deliveries.length; i++) {
    const due = start + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const delivery = deliveries[i]!;
    const t0 = performance.now();
    sent.push(
      request(url, { method: "POST", headers: delivery.headers, body: delivery.body }).then(
        (answer) => {
          times.push(performance.now() - t0);
          if (answer.status !== 200) non200++;
        },
      ),
    );
  }
  await Promise.all(sent);
  return { times, non200 };
}

/**
 * Razorpay's webhook on PostgreSQL, one store process, at `perSecond` deliveries a second for
 * `seconds`: each order's payment_link.paid once, then its retries, and expired events for paid
 * orders (all signed), beside the bare node:http ceiling answering the same bytes at the same rate.
 */
export async function benchRazorpayWebhook(options: {
  adminUrl: string;
  orders: number;
  perSecond: number;
  seconds: number;
}): Promise<WebhookBenchResult> {
  const double = await startRazorpayDouble(keys);
  try {
    return await withBenchDatabase(options.adminUrl, async (url, database) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-bench-razorpay-"));
      const env = {
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        PAYMENT_PROVIDER: "razorpay",
        RAZORPAY_KEY_ID: keys.keyId,
        RAZORPAY_KEY_SECRET: keys.keySecret,
        RAZORPAY_WEBHOOK_SECRET: keys.webhookSecret,
        RAZORPAY_API_URL: double.url,
        // Loopback stands for a proxy: each shopper checks out from an address of their own, as
        // real ones do (one network holds at most 10 unpaid checkouts, decision 013).
        TRUST_PROXY: "127.0.0.1",
      };
      try {
        runScript("server/scripts/seed-catalog.ts", ["--products", "300"], env);
        const store = await startStore(env);
        try {
          const list = JSON.parse(
            (await request(`${store.url}/api/product/list?inStock=true&limit=24`)).body,
          ) as { products: { _id: string }[] };
          const shoppers = await makeShoppers(database, options.orders);
          for (const [i, shopper] of shoppers.entries()) {
            const product = list.products[i % list.products.length]!;
            const answer = await request(`${store.url}/api/order/stripe`, {
              method: "POST",
              headers: {
                "content-type": "application/json",
                cookie: shopper.cookie,
                "x-forwarded-for": `10.0.${i >> 8}.${i & 255}`,
              },
              body: JSON.stringify({
                items: [{ product: product._id, quantity: 1 }],
                address: shopper.address,
              }),
            });
            if (answer.status !== 200) throw new Error(`checkout answered ${answer.status}`);
          }
          const links = [...double.links.values()];
          const paid = links.map((link, i) => {
            const paymentId = double.pay(link.id);
            return webhookDelivery("payment_link.paid", link, keys.webhookSecret, {
              payment: { id: paymentId, method: "upi" },
              eventId: `evt_bench_paid_${i}`,
            });
          });
          const expired = links.map((link, i) =>
            webhookDelivery("payment_link.expired", link, keys.webhookSecret, {
              eventId: `evt_bench_expired_${i}`,
            }),
          );
          const total = options.perSecond * options.seconds;
          // The paid events first, then a mix of their retries and late expiries.
          const deliveries = Array.from({ length: total }, (_, i) =>
            i < paid.length ? paid[i]! : (i % 3 === 0 ? expired : paid)[i % links.length]!,
          );
          const webhook = `${store.url}/api/payments/razorpay/webhook`;
          // Warm up: the first few requests open connections and compile code paths.
          for (let i = 0; i < 20; i++)
            await request(webhook, {
              method: "POST",
              headers: paid[0]!.headers,
              body: paid[0]!.body,
            });
          const measured = await deliverAtRate(webhook, deliveries, options.perSecond);
          const [placed] = await queryRows<{ n: number }>(
            database.db,
            sql`select count(*)::int as n from orders where status = 'Order Placed' and is_paid`,
          );
          const bare = await startBareServer(
            Buffer.from(JSON.stringify({ received: true, outcome: "duplicate" })),
            "application/json",
          );
          let ceiling;
          try {
            for (let i = 0; i < 20; i++) await request(bare.url, { method: "POST", body: "{}" });
            ceiling = await deliverAtRate(bare.url, deliveries, options.perSecond);
          } finally {
            await bare.stop();
          }
          const row = (target: string, m: { times: number[]; non200: number }) => ({
            target,
            deliveries: m.times.length,
            perSecond: options.perSecond,
            p50Ms: Number(percentile(m.times, 50).toFixed(1)),
            p95Ms: Number(percentile(m.times, 95).toFixed(1)),
            p99Ms: Number(percentile(m.times, 99).toFixed(1)),
            non200: m.non200,
          });
          return {
            orders: links.length,
            ordersPlaced: placed?.n ?? 0,
            rows: [
              row("POST /api/payments/razorpay/webhook", measured),
              row("bare node:http (ceiling)", ceiling),
            ],
          };
        } finally {
          await store.stop();
        }
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  } finally {
    await double.close();
  }
}
