import { useRef } from "react";
import type { StockEntry, StockReason } from "../../../../contract/product";
import { LoadError } from "../../../ui/load-error";
import { useShopTimeZone } from "../api/dashboard";
import { useStockHistory } from "../api/products";
import { shopFormat, type ShopTime } from "./shop-time";
import { orderNumber } from "../../../ui/order-words";
import { DataTable } from "./data-table";
import { useNarrowBox } from "./use-narrow-screen";

/** The ledger's reasons in plain words. */
export const reasonWords: Record<StockReason, string> = {
  order: "Order",
  cancel: "Order cancelled",
  payment_lapsed: "Payment not completed",
  restock: "Restock",
  edit: "Edited by seller",
};

/** `seller a@b.c` → `a@b.c`; `shopper`, `payment`, `system` → capitalised. */
function actorWords(actor: string): string {
  if (actor.startsWith("seller ")) return actor.slice("seller ".length);
  return actor.charAt(0).toUpperCase() + actor.slice(1);
}

/**
 * An email address that may wrap before its "@" and before each dot of its domain, and nowhere
 * else (never letter by letter, as break-all did in the narrow column at 1366 px): "seller" over
 * "@greencart" over ".local" at worst.
 */
function Email({ text }: { text: string }) {
  const at = text.indexOf("@");
  if (at <= 0) return text;
  const [domain = "", ...rest] = text.slice(at).split(".");
  return (
    <>
      {text.slice(0, at)}
      <wbr />
      {domain}
      {rest.map((part, i) => (
        <span key={i}>
          <wbr />.{part}
        </span>
      ))}
    </>
  );
}

/** "+12", "0" or "−3" (a minus sign, not a hyphen). */
const changeText = (change: number) =>
  change > 0 ? `+${change}` : change === 0 ? "0" : `−${Math.abs(change)}`;
const changeColour = (change: number) => (change >= 0 ? "text-green-700" : "text-red-700");

/** Narrower than this, the table's five columns squeeze its emails onto three lines or scroll. */
const TABLE_WIDTH = 600;

/**
 * A product's stock history, newest first, 20 entries a page with "Load more": a table, or where
 * its column is narrow (a phone, the column beside the form) a list of entries that reads without
 * scrolling sideways.
 */
export function StockHistory({ productId }: { productId: string }) {
  const history = useStockHistory(productId);
  const box = useRef<HTMLElement>(null);
  const narrow = useNarrowBox(box, TABLE_WIDTH);
  // When the stock moved, on the shop's clock (as the order cards and the CSV show it).
  const time = shopFormat(useShopTimeZone());
  const entries = history.data?.pages.flatMap((p) => p.entries) ?? [];

  return (
    <section ref={box} aria-labelledby="stock-history-title" className="space-y-3">
      <h2 id="stock-history-title" className="text-base font-medium">
        Stock history
      </h2>
      {history.isPending ? (
        <div className="h-48 animate-pulse rounded bg-gray-100" aria-busy="true" />
      ) : history.isError && entries.length === 0 ? (
        <LoadError what="the stock history" onRetry={() => void history.refetch()} />
      ) : entries.length === 0 ? (
        <p className="text-sm text-gray-600">No stock changes recorded yet.</p>
      ) : (
        <>
          {narrow ? (
            <ol
              aria-label="Stock changes, newest first"
              className="divide-y divide-gray-500/20 rounded-md border border-gray-500/20"
            >
              {entries.map((entry, index) => (
                <HistoryItem key={`${entry.at}-${index}`} entry={entry} time={time} />
              ))}
            </ol>
          ) : (
            <DataTable
              // Not "Stock history": that is the section's name, and landmarks need names of their own.
              label="Stock changes table"
              caption="Stock changes of this product, newest first"
              columns={[
                { label: "When" },
                { label: "Change", numeric: true },
                { label: "Stock after", numeric: true },
                { label: "Reason" },
                { label: "By" },
              ]}
            >
              <tbody className="text-gray-700">
                {entries.map((entry, index) => (
                  <HistoryRow key={`${entry.at}-${index}`} entry={entry} time={time} />
                ))}
              </tbody>
            </DataTable>
          )}
          {history.hasNextPage && (
            <button
              type="button"
              onClick={() => void history.fetchNextPage()}
              disabled={history.isFetchingNextPage}
              className="min-h-11 rounded border border-primary px-5 text-primary hover:bg-primary/10 disabled:opacity-60"
            >
              {history.isFetchingNextPage ? "Loading…" : "Load more"}
            </button>
          )}
          {history.isFetchNextPageError && (
            <p role="alert" className="text-sm text-red-700">
              Could not load more entries. Try again.
            </p>
          )}
        </>
      )}
    </section>
  );
}

function HistoryRow({ entry, time }: { entry: StockEntry; time: ShopTime }) {
  return (
    <tr className="border-t border-gray-500/20 align-top">
      <td className="px-3 py-2">
        {/* The date over the time when the column is narrow, leaving room for "By". */}
        <time dateTime={entry.at}>
          <span className="whitespace-nowrap">{time.day(entry.at)}</span>{" "}
          <span className="whitespace-nowrap">{time.clock(entry.at)}</span>
        </time>
      </td>
      <td className={`px-3 py-2 text-right font-medium tabular-nums ${changeColour(entry.change)}`}>
        {changeText(entry.change)}
      </td>
      <td className="px-3 py-2 text-right tabular-nums">{entry.stockAfter}</td>
      <td className="px-3 py-2">
        {reasonWords[entry.reason]}
        {entry.orderId && (
          <span className="block text-xs text-gray-500">Order #{orderNumber(entry.orderId)}</span>
        )}
        {entry.note && <span className="block text-xs text-gray-500">“{entry.note}”</span>}
      </td>
      <td className="px-3 py-2">
        <Email text={actorWords(entry.actor)} />
      </td>
    </tr>
  );
}

/** One entry on a phone: the change and the count after it, why, then when and by whom. */
function HistoryItem({ entry, time }: { entry: StockEntry; time: ShopTime }) {
  return (
    <li className="space-y-1 px-3 py-2.5 text-sm text-gray-700">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className={`font-medium tabular-nums ${changeColour(entry.change)}`}>
          {changeText(entry.change)} {Math.abs(entry.change) === 1 ? "unit" : "units"}
        </span>
        <span className="tabular-nums">Stock after: {entry.stockAfter}</span>
      </p>
      <p className="text-gray-900">
        {reasonWords[entry.reason]}
        {entry.orderId && <> · Order #{orderNumber(entry.orderId)}</>}
      </p>
      {entry.note && <p className="break-words">“{entry.note}”</p>}
      <p className="text-gray-600">
        <time dateTime={entry.at}>
          <span className="whitespace-nowrap">{time.day(entry.at)}</span>{" "}
          <span className="whitespace-nowrap">{time.clock(entry.at)}</span>
        </time>{" "}
        · <Email text={actorWords(entry.actor)} />
      </p>
    </li>
  );
}
