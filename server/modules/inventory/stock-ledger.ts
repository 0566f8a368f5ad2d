import { and, desc, eq, lt } from "drizzle-orm";
import { sql } from "drizzle-orm";
import type { StockEntry, StockReason } from "../../../contract/product";
import type { Executor, Tx } from "../../db/database";
import { stockLedger } from "../../db/schema";
import { AppError } from "../../http/app-error";

/**
 * Tells the database why stock is about to change in this transaction: the ledger rows its
 * trigger writes (one per changed product) carry the reason, the actor, the order and a note.
 */
export async function describeStockChange(
  tx: Tx,
  why: { reason: StockReason; actor: string; orderId?: string; note?: string },
): Promise<void> {
  await tx.execute(
    sql`select set_config('greencart.stock_reason', ${why.reason}, true),
               set_config('greencart.actor', ${why.actor}, true),
               set_config('greencart.stock_order', ${why.orderId ?? ""}, true),
               set_config('greencart.stock_note', ${why.note ?? ""}, true)`,
  );
}

/** A product's stock history, newest first, `limit` at a time. */
export async function stockHistory(
  db: Executor,
  productId: string,
  page: { limit: number; cursor?: string },
): Promise<{ entries: StockEntry[]; nextCursor: string | null }> {
  let before: number | undefined;
  if (page.cursor !== undefined) {
    if (!/^\d{1,15}$/.test(page.cursor))
      throw new AppError("validation_failed", "cursor is invalid");
    before = Number(page.cursor);
  }
  const rows = await db
    .select()
    .from(stockLedger)
    .where(
      before === undefined
        ? eq(stockLedger.productId, productId)
        : and(eq(stockLedger.productId, productId), lt(stockLedger.id, before)),
    )
    .orderBy(desc(stockLedger.id))
    .limit(page.limit + 1);
  const shown = rows.slice(0, page.limit);
  return {
    entries: shown.map((r) => ({
      at: r.at.toISOString(),
      change: r.change,
      stockAfter: r.stockAfter,
      reason: r.reason as StockReason,
      ...(r.orderId ? { orderId: r.orderId } : {}),
      actor: r.actor,
      ...(r.note ? { note: r.note } : {}),
    })),
    nextCursor: rows.length > page.limit ? String(shown.at(-1)!.id) : null,
  };
}
