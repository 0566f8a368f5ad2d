import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertProduct } from "../test/factories";
import { useTestApp } from "../test/test-app";
import { testDbKind } from "../test/test-database";
import { parseSnapshot } from "./feed-ids";
import { afterOrIn, readInOneSnapshot } from "./feed-reads";
import { queryRows } from "./database";
import { products, stockLedger } from "./schema";

// What a feed's read returns beside its rows, on both engines (PGlite runs the same queries of
// pg_locks and transaction ids as PostgreSQL, with no other session to list).

const t = useTestApp();

describe(`a change feed's read in one snapshot (${testDbKind})`, () => {
  it("returns the snapshot, and when the rows skip an id, a later ceiling and the table's writers", async () => {
    const [doomed, kept] = [await insertProduct(t.database.db), await insertProduct(t.database.db)];
    const [{ id: before }] = (await queryRows<{ id: string }>(
      t.database.db,
      sql`select coalesce(max(id), 0)::text as id from stock_ledger`,
    )) as [{ id: string }];
    await t.database.db
      .transaction(async (tx) => {
        await tx.update(products).set({ stock: 99 }).where(eq(products.id, doomed.id));
        throw new Error("roll back: its ledger row's id is never filled");
      })
      .catch(() => {});
    await t.database.db.update(products).set({ stock: 98 }).where(eq(products.id, kept.id));
    const read = (after: number, gaps: number[]) =>
      readInOneSnapshot(t.database.db, stockLedger, after, (tx) =>
        tx
          .select({ id: stockLedger.id })
          .from(stockLedger)
          .where(afterOrIn(stockLedger.id, after, gaps))
          .orderBy(stockLedger.id),
      );
    const after = Number(before);
    const batch = await read(after, []);
    expect(batch.rows.map((r) => r.id)).toEqual([after + 2]);
    const snapshot = parseSnapshot(batch.snapshot);
    expect(BigInt(batch.xidCeiling!)).toBeGreaterThanOrEqual(snapshot.xmin);
    expect(snapshot.ended(BigInt(batch.xidCeiling!))).toBe(false);
    expect(batch.writers).toEqual([]); // nobody else holds stock_ledger open for writing
    // As the feed asks next: after the highest id seen, and for the gap (which never fills).
    const next = await read(after + 2, [after + 1]);
    expect(next.rows).toEqual([]);
    expect(next.xidCeiling).toBeUndefined(); // no new id skipped: no ceiling, no list
  });
});
