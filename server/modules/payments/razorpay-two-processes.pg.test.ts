import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import type { Database } from "../../db/database";
import { orderStatusHistory, orders, paymentEvents, products } from "../../db/schema";
import { insertProduct } from "../../test/factories";
import { startRazorpayDouble, type RazorpayDouble } from "../../test/razorpay-double";
import { webhookDelivery } from "../../test/razorpay-signing";
import { razorpayEnv, razorpayKeys } from "../../test/razorpay-store";
import { startServerProcess, type ServerProcess } from "../../test/second-process";
import { cookieHeader, createShopper } from "../../test/sessions";
import { insertAddress } from "../../test/shop";
import { createTestDatabase } from "../../test/test-database";

// Two store processes on one PostgreSQL database (A here, B a child process), both on
// PAYMENT_PROVIDER=razorpay against one loopback double of Razorpay's API.

let database: Database & { url?: string };
let app: FastifyInstance;
let a = "";
let b: ServerProcess;
let double: RazorpayDouble;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-razorpay-pair-"));

beforeAll(async () => {
  double = await startRazorpayDouble(razorpayKeys);
  database = await createTestDatabase(20);
  const config = loadConfig({
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:3000",
    DATA_DIR: dataDir,
    DATABASE_URL: database.url!,
    ...razorpayEnv(double.url),
  });
  app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  a = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  b = await startServerProcess(database.url!, razorpayEnv(double.url));
}, 120_000);

afterAll(async () => {
  await b?.stop();
  await app?.close();
  await database?.close();
  await double?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("Razorpay webhook on two store processes", () => {
  it("20 deliveries of one payment_link.paid in parallel, half to each process: one transition, one event recorded", async () => {
    const product = await insertProduct(database.db, { stock: 10 });
    const shopper = await createShopper(database.db);
    const address = await insertAddress(database.db, shopper.user.id);
    const placed = await fetch(`${a}/api/order/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: cookieHeader(shopper.cookies) },
      body: JSON.stringify({ items: [{ product: product.id, quantity: 2 }], address: address.id }),
    });
    expect(placed.status).toBe(200);
    const { orderId, url } = (await placed.json()) as { orderId: string; url: string };
    const link = double.links.get(url.split("/").at(-1)!)!;
    const paymentId = double.pay(link.id);
    const delivery = webhookDelivery("payment_link.paid", link, razorpayKeys.webhookSecret, {
      payment: { id: paymentId, method: "upi" },
      eventId: "evt_two_processes",
    });

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${i % 2 === 0 ? a : b.url}/api/payments/razorpay/webhook`, {
          method: "POST",
          headers: delivery.headers,
          body: delivery.body,
        }).then(async (r) => ({ status: r.status, ...((await r.json()) as { outcome: string }) })),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((r) => r.outcome === "paid")).toHaveLength(1);
    expect(answers.filter((r) => r.outcome === "duplicate")).toHaveLength(19);

    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: "Order Placed", isPaid: true, paymentId });
    const history = await database.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId));
    expect(history.map((h) => h.toStatus)).toEqual(["Awaiting Payment", "Order Placed"]);
    expect(
      await database.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId)),
    ).toHaveLength(1);
    const [row] = await database.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.stock).toBe(8);

    // A retry of the recorded event is answered at once, not queued behind the order's lock: a
    // seller's move holding the order row (here held open on purpose) does not keep Razorpay's
    // retries waiting.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = database.db.transaction(async (tx) => {
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for("update");
      locked();
      await held;
    });
    await isLocked;
    try {
      const retry = fetch(`${b.url}/api/payments/razorpay/webhook`, {
        method: "POST",
        headers: delivery.headers,
        body: delivery.body,
      }).then(async (r) => ((await r.json()) as { outcome: string }).outcome);
      // While the lock is held (at most 20 s, then the lock goes and the test fails).
      const answered = await Promise.race([
        retry,
        new Promise<string>((resolve) => setTimeout(() => resolve("still waiting"), 20_000)),
      ]);
      expect(answered).toBe("duplicate");
    } finally {
      release();
      await holder;
    }
  }, 60_000);
});
