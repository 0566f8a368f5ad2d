import { gt, inArray, or } from "drizzle-orm";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { insertProduct } from "../test/factories";
import { useTestApp } from "../test/test-app";
import { ChangeFeed, readFeedStart, readInOneSnapshot } from "./change-feed";
import { stockLedger } from "./schema";

// The stock ledger's feed on PostgreSQL, with ledger rows written by the products trigger in
// transactions held open on connections of their own: where a feed starts, and what it does with
// an id still being written then.

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
  return { commit: () => client.query("commit"), rollback: () => client.query("rollback") };
}

function ledgerFeed(delivered: number[]) {
  return new ChangeFeed<{ id: number }>({
    ordered: true,
    fetch: (after, gaps, limit) =>
      readInOneSnapshot(t.database.db, after, (tx) =>
        tx
          .select({ id: stockLedger.id })
          .from(stockLedger)
          .where(
            gaps.length > 0
              ? or(gt(stockLedger.id, after), inArray(stockLedger.id, gaps))
              : gt(stockLedger.id, after),
          )
          .orderBy(stockLedger.id)
          .limit(limit),
      ),
    deliver: (rows) => delivered.push(...rows.map((r) => r.id)),
  });
}

describe("a change feed starting beside open transactions (PostgreSQL)", () => {
  it("delivers a row still being written when it started, once it commits", async () => {
    const [slow, quick] = [await insertProduct(t.database.db), await insertProduct(t.database.db)];
    const writing = await openStockChange(slow.id); // takes the lower id
    const done = await openStockChange(quick.id);
    await done.commit(); // a higher id, committed

    const start = await readFeedStart(t.database.db, stockLedger, stockLedger.id);
    expect(start.missing).toHaveLength(1);
    expect(start.xidCeiling).toBeDefined();
    const delivered: number[] = [];
    const feed = ledgerFeed(delivered);
    feed.startAfter(start.after, start);
    await feed.poke();
    expect(delivered).toEqual([]); // held: its writer still runs
    await writing.commit();
    await feed.poke();
    expect(delivered).toEqual(start.missing); // the committed row before it is not sent again
    expect(feed.watermark).toBe(start.after);
    feed.stop();
  });

  it("moves on at the first fetch after the transaction holding the id rolls back", async () => {
    const [slow, quick] = [await insertProduct(t.database.db), await insertProduct(t.database.db)];
    const doomed = await openStockChange(slow.id);
    await (await openStockChange(quick.id)).commit();
    const start = await readFeedStart(t.database.db, stockLedger, stockLedger.id);
    const delivered: number[] = [];
    const feed = ledgerFeed(delivered);
    feed.startAfter(start.after, start);
    await feed.poke();
    expect(feed.watermark).toBeLessThan(start.after);
    await doomed.rollback();
    await feed.poke();
    expect(feed.watermark).toBe(start.after);
    expect(delivered).toEqual([]);
    feed.stop();
  });
});
