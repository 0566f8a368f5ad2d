import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import { BUSY_FEED_INTERVAL_MS, ChangeFeed } from "../../db/change-feed";
import type { ChangeSignal } from "../../db/change-signal";
import type { Database } from "../../db/database";
import { afterOrIn, readInOneSnapshot } from "../../db/feed-reads";
import { stockLedger } from "../../db/schema";
import type { CatalogCache } from "./catalog-cache";

/**
 * Keeps this process's catalogue cache true to the database: stock from the ledger feed (every
 * order's change, read after it commits), listings from the database's `catalog_changed`
 * notifications (sent by a trigger when a product's text, prices, pictures or on-sale state
 * change).
 */
export async function startCatalogSync(
  database: Database,
  cache: CatalogCache,
  signal: ChangeSignal,
  log?: Pick<Logger, "warn">,
): Promise<() => void> {
  const feed = new ChangeFeed({
    ordered: false,
    minIntervalMs: BUSY_FEED_INTERVAL_MS,
    fetch: (after, gaps, limit) =>
      readInOneSnapshot(database.db, stockLedger, after, (tx) =>
        tx
          .select({
            id: stockLedger.id,
            productId: stockLedger.productId,
            stock: stockLedger.stockAfter,
            inStock: stockLedger.inStockAfter,
            version: stockLedger.stockVersion,
            change: stockLedger.change,
            at: stockLedger.at,
          })
          .from(stockLedger)
          .where(afterOrIn(stockLedger.id, after, gaps))
          .orderBy(stockLedger.id)
          .limit(limit),
      ),
    deliver: (rows) => {
      for (const row of rows)
        cache.stockChanged(
          row.productId,
          {
            stock: row.stock,
            inStock: row.inStock,
            version: row.version,
            updatedAt: row.at.toISOString(),
          },
          row.change > 0,
        );
    },
    onError: (error) => log?.warn({ err: error }, "could not read the stock ledger"),
    onGapTimeout: (ids) =>
      log?.warn(
        { ids },
        "stock changes no longer waited for (their transactions ran too long); still watched for 10 minutes",
      ),
  });
  const [last] = await database.db
    .select({ id: sql<string>`coalesce(max(${stockLedger.id}), 0)::text` })
    .from(stockLedger);
  // Start a little back, so changes still committing at start-up are not missed.
  feed.startAfter(Math.max(0, Number(last?.id ?? 0) - 1000));
  signal.onChange(() => feed.poke());

  await database.listen("catalog_changed", (payload) => {
    const [id, version, stock, inStock] = payload?.split(":") ?? [];
    if (!payload || payload === "*" || !id || !version) return cache.listingChanged();
    cache.board.offer(id, {
      stock: Number(stock),
      inStock: inStock === "true",
      version: Number(version),
      updatedAt: new Date().toISOString(),
    });
    cache.listingChanged(id);
  });
  await feed.poke();
  return () => feed.stop();
}
