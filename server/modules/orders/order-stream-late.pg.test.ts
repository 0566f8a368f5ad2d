import { afterEach, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { openEventStream, orderOf, type StreamEvent } from "../../test/event-stream";
import { insertProduct } from "../../test/factories";
import { cookieHeader, createSeller, createShopper } from "../../test/sessions";
import { insertAddress, placeCodOrder } from "../../test/shop";
import { useTestApp } from "../../test/test-app";

// An order event whose transaction runs past the last resort (shortened here to 3 s from 15 s):
// the live streams stop waiting for it, and when it commits after all it still reaches them,
// without its id (decision 025), instead of never.

const t = useTestApp({}, { orderEventGapTimeoutMs: 3000 });
let baseUrl = "";
beforeAll(async () => {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function placeOrder(shopper?: Awaited<ReturnType<typeof createShopper>>): Promise<string> {
  const product = await insertProduct(t.database.db, { stock: 10 });
  const buyer = shopper ?? (await createShopper(t.database.db));
  const address = await insertAddress(t.database.db, buyer.user.id);
  return placeCodOrder(t.app, buyer.cookies, product.id, address.id);
}

async function openStream(
  path: string,
  cookies: Parameters<typeof cookieHeader>[0],
  lastEventId?: string,
) {
  const stream = await openEventStream(`${baseUrl}${path}`, {
    cookie: cookieHeader(cookies),
    ...(lastEventId ? { "last-event-id": lastEventId } : {}),
  });
  cleanup.push(() => stream.close());
  return stream;
}

const orderEvent = (id: string) => (e: StreamEvent) =>
  e.data !== undefined && orderOf(e)._id === id;

describe("live order streams past an event whose transaction ran too long (PostgreSQL)", () => {
  it("stop waiting for it after the last resort, and send it without its id when it commits, to whom it concerns", async () => {
    const seller = await createSeller(t.database.db);
    const stream = await openStream("/api/order/seller/events", seller.cookies);
    const buyer = await createShopper(t.database.db);
    const own = await openStream("/api/order/user/events", buyer.cookies);
    const someoneElse = await createShopper(t.database.db);
    const others = await openStream("/api/order/user/events", someoneElse.cookies);
    const first = await placeOrder(buyer);
    await stream.next(orderEvent(first));
    await own.next(orderEvent(first));

    const client = new pg.Client({ connectionString: t.database.url! });
    await client.connect();
    cleanup.push(() => client.end());
    await client.query("begin");
    // `first` moved to Packing, its event taking the next id, in a transaction left open.
    await client.query("update orders set status = 'Packing' where id = $1", [first]);
    await client.query(
      "insert into order_events (order_id, user_id, status) select id, user_id, 'Packing' from orders where id = $1",
      [first],
    );
    const second = await placeOrder();
    await new Promise((r) => setTimeout(r, 300));
    expect(stream.events.some(orderEvent(second))).toBe(false); // held behind the open id
    // No longer waited for after the last resort.
    const secondEvent = await stream.next(orderEvent(second), 10_000);
    const before = stream.events.length;
    const ownBefore = own.events.length;

    await client.query("commit");
    const late = await stream.next(
      (e) => stream.events.indexOf(e) >= before && orderEvent(first)(e),
      10_000,
    );
    expect(late.id).toBeUndefined();
    expect(orderOf(late).status).toBe("Packing");
    const ownLate = await own.next(
      (e) => own.events.indexOf(e) >= ownBefore && orderEvent(first)(e),
      10_000,
    );
    expect(ownLate.id).toBeUndefined();
    expect(others.events.some((e) => e.data !== undefined)).toBe(false);

    // A page that was away when it was sent reconnects from a higher id: no replay reads it, and
    // it gets it all the same.
    const back = await openStream("/api/order/seller/events", seller.cookies, secondEvent.id);
    const again = await back.next(orderEvent(first), 5_000);
    expect(again.id).toBeUndefined();
    expect(orderOf(again).status).toBe("Packing");
    // Only to whom it concerns.
    const otherBack = await openStream(
      "/api/order/user/events",
      someoneElse.cookies,
      secondEvent.id,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(otherBack.events.some((e) => e.data !== undefined)).toBe(false);

    // The order moves on: a page reconnecting after that gets it as it is now, not at the late
    // status (a queue that let the cancelled order go must not take it back as Packing).
    const cancelled = await t.app.inject({
      method: "POST",
      url: "/api/order/status",
      cookies: seller.cookies,
      payload: { orderId: first, status: "Cancelled", reason: "out_of_stock" },
    });
    expect(cancelled.statusCode).toBe(200);
    const cancelEvent = await stream.next(
      (e) => e.id !== undefined && orderEvent(first)(e) && orderOf(e).status === "Cancelled",
    );
    const later = await openStream("/api/order/seller/events", seller.cookies, cancelEvent.id);
    const now = await later.next(orderEvent(first), 5_000);
    expect(orderOf(now).status).toBe("Cancelled");
  });
});
