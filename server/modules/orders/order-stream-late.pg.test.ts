import { afterEach, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { openEventStream, orderOf, type StreamEvent } from "../../test/event-stream";
import { insertProduct } from "../../test/factories";
import { cookieHeader, createSeller, createShopper } from "../../test/sessions";
import { insertAddress, placeCodOrder } from "../../test/shop";
import { useTestApp } from "../../test/test-app";

// An order event whose transaction runs past the last resort (shortened here to 1 s from 15 s):
// the live streams stop waiting for it, and when it commits after all it still reaches them,
// without its id (decision 025), instead of never.

const t = useTestApp({}, { orderEventGapTimeoutMs: 1000 });
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

async function placeOrder(): Promise<string> {
  const product = await insertProduct(t.database.db, { stock: 10 });
  const shopper = await createShopper(t.database.db);
  const address = await insertAddress(t.database.db, shopper.user.id);
  return placeCodOrder(t.app, shopper.cookies, product.id, address.id);
}

const orderEvent = (id: string) => (e: StreamEvent) =>
  e.data !== undefined && orderOf(e)._id === id;

describe("live order streams past an event whose transaction ran too long (PostgreSQL)", () => {
  it("stop waiting for it after the last resort, and send it without its id when it commits", async () => {
    const seller = await createSeller(t.database.db);
    const stream = await openEventStream(`${baseUrl}/api/order/seller/events`, {
      cookie: cookieHeader(seller.cookies),
    });
    cleanup.push(() => stream.close());
    const first = await placeOrder();
    await stream.next(orderEvent(first));

    const client = new pg.Client({ connectionString: t.database.url! });
    await client.connect();
    cleanup.push(() => client.end());
    await client.query("begin");
    // An event for `first` taking the next id, as the transaction's first write, left open.
    await client.query(
      "insert into order_events (order_id, user_id, status) select id, user_id, 'Packing' from orders where id = $1",
      [first],
    );
    const second = await placeOrder();
    await new Promise((r) => setTimeout(r, 300));
    expect(stream.events.some(orderEvent(second))).toBe(false); // held behind the open id
    await stream.next(orderEvent(second), 5000); // given up after the last resort
    const before = stream.events.length;

    await client.query("commit");
    const late = await stream.next(
      (e) => stream.events.indexOf(e) >= before && orderEvent(first)(e),
      5000,
    );
    expect(late.id).toBeUndefined();
    expect(orderOf(late).status).toBe("Packing");
  });
});
