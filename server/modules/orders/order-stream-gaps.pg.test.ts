import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import pg from "pg";
import {
  openEventStream,
  orderOf,
  type OpenStream,
  type StreamEvent,
} from "../../test/event-stream";
import { queryRows } from "../../db/database";
import { insertProduct } from "../../test/factories";
import { cookieHeader, createSeller, createShopper } from "../../test/sessions";
import { insertAddress, placeCodOrder } from "../../test/shop";
import { startServerProcess } from "../../test/second-process";
import { useTestApp } from "../../test/test-app";
import { withDatabase } from "../../test/test-database";

// Order events whose ids are taken by transactions that commit late or roll back, on PostgreSQL
// (on PGlite one connection runs one transaction at a time: no such gap can be seen open). The
// live feed holds the events behind an open gap, in order, and moves on as soon as the gap's
// transaction has ended: not after a timeout (15 s now, 5 s before), far beyond these waits.

const t = useTestApp();
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

async function sellerStream(): Promise<OpenStream> {
  const seller = await createSeller(t.database.db);
  const stream = await openEventStream(`${baseUrl}/api/order/seller/events`, {
    cookie: cookieHeader(seller.cookies),
  });
  cleanup.push(() => stream.close());
  return stream;
}

async function placeOrder(): Promise<string> {
  const product = await insertProduct(t.database.db, { stock: 10 });
  const shopper = await createShopper(t.database.db);
  const address = await insertAddress(t.database.db, shopper.user.id);
  return placeCodOrder(t.app, shopper.cookies, product.id, address.id);
}

/** A transaction on a connection of its own, to record order events in (each takes an id). */
async function openTransaction(database = t.database.url!) {
  const client = new pg.Client({ connectionString: database });
  await client.connect();
  cleanup.push(() => client.end());
  await client.query("begin");
  return {
    /** Gives the transaction its id now, before it takes any row id. */
    takeTransactionId: () => client.query("select pg_current_xact_id()"),
    record: (orderId: string) =>
      client.query(
        "insert into order_events (order_id, user_id, status) select id, user_id, status from orders where id = $1",
        [orderId],
      ),
    commit: () => client.query("commit"),
    rollback: () => client.query("rollback"),
  };
}

/** A transaction that records an event for `orderId` as its first write, and stays open. */
async function openEventTransaction(orderId: string) {
  const transaction = await openTransaction();
  await transaction.record(orderId); // the id default must give it its transaction id first
  return transaction;
}

const orderEvent = (id: string) => (e: StreamEvent) =>
  e.data !== undefined && orderOf(e)._id === id;

describe("live order streams past an id still being written (PostgreSQL)", () => {
  it("move on as soon as the transaction holding the id rolls back", async () => {
    const stream = await sellerStream();
    const first = await placeOrder();
    await stream.next(orderEvent(first));
    const doomed = await openEventTransaction(first);
    const second = await placeOrder(); // a later id, committed behind the open one
    await new Promise((r) => setTimeout(r, 400));
    expect(stream.events.some(orderEvent(second))).toBe(false); // held behind the gap
    await doomed.rollback();
    await stream.next(orderEvent(second), 3000);
  });

  it("move on at the rollback while an older transaction in another database stays open", async () => {
    // Transaction ids are the server's, not the database's: the old rule waited for this one too,
    // and held every live stream for the last resort's 15 s.
    const longRunning = await openTransaction(withDatabase(t.database.url!, "postgres"));
    await longRunning.takeTransactionId();
    const stream = await sellerStream();
    const first = await placeOrder();
    await stream.next(orderEvent(first));
    const doomed = await openEventTransaction(first);
    const second = await placeOrder();
    await new Promise((r) => setTimeout(r, 400));
    expect(stream.events.some(orderEvent(second))).toBe(false);
    await doomed.rollback();
    await stream.next(orderEvent(second), 3000);
    await longRunning.rollback();
  });

  it("of a process started while an event was being written deliver it when it commits, live and in a replay", async () => {
    const first = await placeOrder();
    const [{ id: beforeHeld }] = (await queryRows<{ id: string }>(
      t.database.db,
      sql`select max(id)::text as id from order_events`,
    )) as [{ id: string }];
    const held = await openEventTransaction(first); // takes the next id, commits late
    const second = await placeOrder(); // committed before the process below starts
    const other = await startServerProcess(t.database.url!);
    cleanup.push(() => other.stop());
    const seller = await createSeller(t.database.db);
    const url = `${other.url}/api/order/seller/events`;
    const live = await openEventStream(url, { cookie: cookieHeader(seller.cookies) });
    cleanup.push(() => live.close());
    const resumed = await openEventStream(url, {
      cookie: cookieHeader(seller.cookies),
      "last-event-id": beforeHeld,
    });
    cleanup.push(() => resumed.close());
    await new Promise((r) => setTimeout(r, 400));
    await held.commit();
    await live.next(orderEvent(first), 5000);
    await resumed.next(orderEvent(first), 5000);
    await resumed.next(orderEvent(second), 5000);
    // The live stream opened after `second` was placed: that is past, not news. The late event is
    // news, sent without its id: a reconnect from it would replay `second` as if missed.
    const fresh = live.events.filter((e) => e.data !== undefined);
    expect(fresh.map((e) => orderOf(e)._id)).toEqual([first]);
    expect(fresh[0]!.id).toBeUndefined();
    // The resumed one gets both, once each, in id order: the late event has the lower id.
    const replayed = resumed.events.filter((e) => e.data !== undefined);
    expect(replayed.map((e) => orderOf(e)._id)).toEqual([first, second]);
    expect(Number(replayed[0]!.id)).toBe(Number(beforeHeld) + 1);
  });

  it("deliver an event committed late in id order, before the ones after it", async () => {
    const stream = await sellerStream();
    const first = await placeOrder();
    const second = await placeOrder();
    await stream.next(orderEvent(second));
    // The later writer takes the lower id and commits last. Once the earlier one has committed,
    // PostgreSQL's snapshots leave the later one out of their list of running transactions (its
    // id is above the last one to finish): that list alone would have given its event up.
    const earlier = await openTransaction();
    await earlier.takeTransactionId();
    const later = await openTransaction();
    await later.takeTransactionId();
    await later.record(first);
    await earlier.record(second);
    await earlier.commit();
    // Let the feeds read (they read every second, whatever happens) while `second`'s new event is
    // committed and `first`'s is not. Nothing here may finish a transaction with a later id than
    // `later`'s meanwhile: that would put `later` back in the snapshots' list.
    await new Promise((r) => setTimeout(r, 1200));
    const before = stream.events.length;
    // Only the two placements so far: the new event for `second` waits behind `first`'s.
    expect(stream.events.filter((e) => e.data !== undefined).length).toBe(2);
    await later.commit();
    await stream.next((e) => stream.events.indexOf(e) >= before && orderEvent(second)(e), 3000);
    const after = stream.events.slice(before).filter((e) => e.data !== undefined);
    expect(after.map((e) => orderOf(e)._id)).toEqual([first, second]);
    const ids = after.map((e) => Number(e.id));
    expect(ids[0]).toBeLessThan(ids[1]!);
  });
});
