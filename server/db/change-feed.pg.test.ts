import { sql } from "drizzle-orm";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { insertProduct } from "../test/factories";
import { useTestApp } from "../test/test-app";
import { ChangeFeed } from "./change-feed";
import { afterOrIn, readInOneSnapshot } from "./feed-reads";
import { queryRows } from "./database";
import { stockLedger } from "./schema";

// The stock ledger's feed on PostgreSQL, with ledger rows written by the products trigger in
// transactions held open on connections of their own (the order events' feed has its own test,
// order-stream-gaps.pg.test.ts).

const t = useTestApp();
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A transaction on its own connection that changes a product's stock (one ledger row). */
async function openStockChange(productId: string) {
  const client = new pg.Client({ connectionString: t.database.url });
  await client.connect();
  cleanup.push(() => client.end());
  await client.query("begin");
  await client.query("update products set stock = stock + 1 where id = $1", [productId]);
  return {
    commit: () => client.query("commit"),
    rollback: () => client.query("rollback"),
    transactionId: async () =>
      (await client.query<{ xid: string }>("select pg_current_xact_id()::text as xid")).rows[0]!
        .xid,
  };
}

function ledgerFeed(delivered: number[]) {
  return new ChangeFeed<{ id: number }>({
    ordered: true,
    fetch: (after, gaps, limit) =>
      readInOneSnapshot(t.database.db, stockLedger, after, (tx) =>
        tx
          .select({ id: stockLedger.id })
          .from(stockLedger)
          .where(afterOrIn(stockLedger.id, after, gaps))
          .orderBy(stockLedger.id)
          .limit(limit),
      ),
    deliver: (rows) => delivered.push(...rows.map((r) => r.id)),
  });
}

const highestLedgerId = async () =>
  Number(
    (
      await queryRows<{ id: string }>(
        t.database.db,
        sql`select coalesce(max(id), 0)::text as id from stock_ledger`,
      )
    )[0]!.id,
  );

describe("the stock ledger's feed beside open stock changes (PostgreSQL)", () => {
  it("holds the rows after one still being written, and delivers it when it commits, in order", async () => {
    const [slow, quick] = [await insertProduct(t.database.db), await insertProduct(t.database.db)];
    const delivered: number[] = [];
    const feed = ledgerFeed(delivered);
    feed.startAfter(await highestLedgerId());
    const writing = await openStockChange(slow.id); // takes the lower id
    await (await openStockChange(quick.id)).commit();
    const highest = await highestLedgerId();
    await feed.poke();
    await feed.poke();
    expect(delivered).toEqual([]); // held: its writer still runs
    await writing.commit();
    await feed.poke();
    expect(delivered).toEqual([highest - 1, highest]);
    feed.stop();
  });

  it("lists the open writer of a missing id among the table's writers, and no one else", async () => {
    const [slow, quick] = [await insertProduct(t.database.db), await insertProduct(t.database.db)];
    const reader = new pg.Client({ connectionString: t.database.url });
    await reader.connect();
    cleanup.push(() => reader.end());
    await reader.query("begin");
    await reader.query("select pg_current_xact_id()"); // an open transaction that wrote nothing
    const after = await highestLedgerId();
    const writing = await openStockChange(slow.id); // takes the lower id and stays open
    await (await openStockChange(quick.id)).commit(); // a writer too, ended before the read
    const batch = await readInOneSnapshot(t.database.db, stockLedger, after, (tx) =>
      tx
        .select({ id: stockLedger.id })
        .from(stockLedger)
        .where(afterOrIn(stockLedger.id, after, [])),
    );
    expect(batch.rows.map((r) => r.id)).toEqual([after + 2]);
    expect(batch.writers).toEqual([await writing.transactionId()]);
    await writing.rollback();
  });

  it("moves on at the rollback while an older transaction that wrote no ledger row stays open", async () => {
    const longRunning = new pg.Client({ connectionString: t.database.url });
    await longRunning.connect();
    cleanup.push(() => longRunning.end());
    await longRunning.query("begin");
    await longRunning.query("select pg_current_xact_id()");
    const [slow, quick] = [await insertProduct(t.database.db), await insertProduct(t.database.db)];
    const delivered: number[] = [];
    const feed = ledgerFeed(delivered);
    feed.startAfter(await highestLedgerId());
    const doomed = await openStockChange(slow.id);
    await (await openStockChange(quick.id)).commit();
    const highest = await highestLedgerId();
    await feed.poke();
    await doomed.rollback();
    await feed.poke();
    expect(delivered).toEqual([highest]);
    feed.stop();
  });

  it("moves on at the first fetch after the transaction holding the id rolls back", async () => {
    const [slow, quick] = [await insertProduct(t.database.db), await insertProduct(t.database.db)];
    const delivered: number[] = [];
    const feed = ledgerFeed(delivered);
    feed.startAfter(await highestLedgerId());
    const doomed = await openStockChange(slow.id);
    await (await openStockChange(quick.id)).commit();
    const highest = await highestLedgerId();
    await feed.poke();
    expect(delivered).toEqual([]);
    await doomed.rollback();
    await feed.poke();
    expect(delivered).toEqual([highest]);
    expect(feed.watermark).toBe(highest);
    feed.stop();
  });
});
