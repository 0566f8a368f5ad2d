import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { products, sellers } from "../server/db/schema";
import { cookieNames, createSession } from "../server/http/sessions";
import { hashPassword } from "../server/modules/auth/passwords";
import { makeShoppers, percentile, withBenchDatabase } from "./bench-database";
import { postJson } from "./http-client";
import { rssMb, startStore } from "./server-process";

export interface FanOutResult {
  subscribers: number;
  changesPerSecond: number;
  changes: number;
  deliveries: number;
  missed: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Memory the open streams take in the store process, per subscriber. */
  kbPerSubscriber: number;
  /** The same changes with no subscriber: the time the change itself takes (the floor). */
  changeP99Ms: number;
}

/**
 * 1,000 seller streams open on one store process while order statuses change 20 times a second:
 * how long each change takes to reach every subscriber (from the moment the change was asked
 * for), and what the streams cost in memory.
 */
export async function benchFanOut(options: {
  adminUrl: string;
  subscribers: number;
  changesPerSecond: number;
  seconds: number;
}): Promise<FanOutResult> {
  return withBenchDatabase(options.adminUrl, async (url, database) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-bench-fanout-"));
    const store = await startStore({ DATA_DIR: dataDir, DATABASE_URL: url });
    const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
    const streams: http.ClientRequest[] = [];
    try {
      // A seller account per stream: an account holds at most MAX_STREAMS_PER_ACCOUNT streams
      // (decision 034), and the streams are what is measured.
      const passwordHash = await hashPassword("x-fanout-pw");
      const accounts = await database.db
        .insert(sellers)
        .values(
          Array.from({ length: options.subscribers }, (_, i) => ({
            email: `fanout-${i}@bench.local`,
            passwordHash,
          })),
        )
        .returning({ id: sellers.id });
      const sessions = await Promise.all(
        accounts.map(async (seller) => {
          const { token } = await createSession(database.db, "seller", seller.id);
          return `${cookieNames.seller}=${token}`;
        }),
      );
      const changes = options.changesPerSecond * options.seconds;
      // Orders to move: each goes Order Placed → Packing → Out for Delivery → Delivered.
      const [product] = await database.db
        .insert(products)
        .values({
          name: "Fan-out Milk",
          category: "Dairy",
          pricePaise: 5000,
          offerPricePaise: 4500,
          stock: 1_000_000,
          inStock: true,
        })
        .returning();
      const shoppers = await makeShoppers(database, 10);
      const orderIds: string[] = [];
      for (let i = 0; i < Math.ceil(changes / 3) + 1; i++) {
        const shopper = shoppers[i % shoppers.length]!;
        const placed = await postJson(
          `${store.url}/api/order/cod`,
          { items: [{ product: product!.id, quantity: 1 }], address: shopper.address },
          shopper.cookie,
        );
        orderIds.push((JSON.parse(placed.body) as { orderId: string }).orderId);
      }
      const moves = orderIds
        .flatMap((orderId) =>
          (["Packing", "Out for Delivery", "Delivered"] as const).map((status) => ({
            orderId,
            status,
          })),
        )
        .slice(0, changes);
      const sellerCookie = sessions[0]!;

      const rssBefore = rssMb(store.pid);
      const asked = new Map<string, number>();
      const latencies: number[] = [];
      let deliveries = 0;
      await Promise.all(
        sessions.map(
          (cookie) =>
            new Promise<void>((resolve, reject) => {
              const request = http.get(
                `${store.url}/api/order/seller/events`,
                { agent, headers: { cookie, accept: "text/event-stream" } },
                (response) => {
                  response.setEncoding("utf8");
                  let buffer = "";
                  response.on("data", (chunk: string) => {
                    buffer += chunk;
                    let end: number;
                    while ((end = buffer.indexOf("\n\n")) >= 0) {
                      const frame = buffer.slice(0, end);
                      buffer = buffer.slice(end + 2);
                      const id = /"_id":"([^"]+)"/.exec(frame)?.[1];
                      const status = /"status":"([^"]+)"/.exec(frame)?.[1];
                      const at = id && status ? asked.get(`${id} ${status}`) : undefined;
                      if (at !== undefined) {
                        latencies.push(performance.now() - at);
                        deliveries++;
                      }
                    }
                  });
                  resolve();
                },
              );
              request.on("error", reject);
              streams.push(request);
            }),
        ),
      );
      await new Promise((r) => setTimeout(r, 1000));
      const rssOpen = rssMb(store.pid);

      const interval = 1000 / options.changesPerSecond;
      const started = performance.now();
      const changeTimes: number[] = [];
      await Promise.all(
        moves.map(async (move, i) => {
          const due = started + i * interval;
          await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
          const t0 = performance.now();
          asked.set(`${move.orderId} ${move.status}`, t0);
          await postJson(`${store.url}/api/order/status`, move, sellerCookie);
          changeTimes.push(performance.now() - t0);
        }),
      );
      await new Promise((r) => setTimeout(r, 3000)); // the last deliveries
      return {
        subscribers: options.subscribers,
        changesPerSecond: options.changesPerSecond,
        changes: moves.length,
        deliveries,
        missed: moves.length * options.subscribers - deliveries,
        p50Ms: Math.round(percentile(latencies, 50)),
        p99Ms: Math.round(percentile(latencies, 99)),
        maxMs: Math.round(latencies.reduce((max, l) => Math.max(max, l), 0)),
        kbPerSubscriber: Math.round(((rssOpen - rssBefore) * 1024) / options.subscribers),
        changeP99Ms: Math.round(percentile(changeTimes, 99)),
      };
    } finally {
      streams.forEach((s) => s.destroy());
      agent.destroy();
      await store.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
