import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import { flushSync } from "react-dom";
import { categories } from "../../../../contract/categories";
import type { PickList } from "../../../../contract/order";
import { thumbnail } from "../../../ui/images";
import { LoadError } from "../../../ui/load-error";
import { orderKeys } from "../../../lib/query-keys";
import { useOrderEvents } from "../../../lib/use-order-events";
import { useShopTimeZone } from "../api/dashboard";
import { useOpenOrders } from "../api/orders-queue";
import { usePickList } from "../api/pick-list";
import { orderNumber } from "../../../ui/order-words";
import { SELLER_EVENTS_URL } from "../components/order-format";
import { useProductsFollowOrders } from "../components/products-follow-orders";
import { LiveBadge } from "../../../ui/live-badge";
import { OrderPackingSlips } from "../components/order-packing-slips";
import { usePageTitle } from "../../../ui/page-title";

type Line = PickList["items"][number];

export const PICKED_STORAGE_KEY = "greencart.pick-list.picked";

/** A line's identity: the product and the orders it packs for. A changed line starts unticked. */
export const lineKey = (line: Line) => `${line.product._id}:${[...line.orderIds].sort().join(",")}`;

function readPicked(): Set<string> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(PICKED_STORAGE_KEY) ?? "[]");
    return new Set(Array.isArray(stored) ? stored.filter((k) => typeof k === "string") : []);
  } catch {
    return new Set();
  }
}

function writePicked(keys: Set<string>) {
  try {
    localStorage.setItem(PICKED_STORAGE_KEY, JSON.stringify([...keys]));
  } catch {
    // Private mode or a full storage: ticks last until the page is left.
  }
}

/** Ticks that survive a reload, kept only for lines still on the list. */
function usePicked(lines: Line[] | undefined) {
  const [stored, setStored] = useState(readPicked);
  const current = useMemo(() => new Set((lines ?? []).map(lineKey)), [lines]);
  const picked = useMemo(
    () => new Set([...stored].filter((k) => current.has(k))),
    [stored, current],
  );
  const toggle = useCallback(
    (key: string, on: boolean) => {
      const next = new Set(picked);
      if (on) next.add(key);
      else next.delete(key);
      writePicked(next);
      setStored(next);
    },
    [picked],
  );
  return { picked, toggle };
}

/** A group's heading: the category's label, or "No category" for products without one. */
const NO_CATEGORY = "none";
const label = (category: string) =>
  category === NO_CATEGORY
    ? "No category"
    : (categories.find((c) => c.path === category)?.text ?? category);

/**
 * Prints only the page's printable part, whatever surrounds it (the seller header and sidebar):
 * everything that neither holds it nor is inside it is left out of the print.
 */
const printCss = `@media print {
  body *:not(:has([data-print-root])):not([data-print-root]):not([data-print-root] *) { display: none !important; }
  body *:has([data-print-root]) { display: block !important; overflow: visible !important; min-height: 0 !important; margin: 0 !important; padding: 0 !important; border: 0 !important; }
}`;

/** /seller/pick-list: every unit to pack across open orders, by category and product. */
export function PickListPage() {
  const queryClient = useQueryClient();
  const list = usePickList();
  const orders = useOpenOrders();
  const timeZone = useShopTimeZone();
  usePageTitle("Pick list");
  const productsFollow = useProductsFollowOrders();
  const live = useOrderEvents(SELLER_EVENTS_URL, (order, previous) => {
    void queryClient.invalidateQueries({ queryKey: orderKeys.pickList });
    productsFollow(order, previous);
  });
  const { picked, toggle } = usePicked(list.data);
  const [printing, setPrinting] = useState<"list" | "slips">("list");
  // Ctrl+P prints the pick list again once a print of the slips is over.
  useEffect(() => {
    const reset = () => setPrinting("list");
    window.addEventListener("afterprint", reset);
    return () => window.removeEventListener("afterprint", reset);
  }, []);

  const lines = useMemo(() => list.data ?? [], [list.data]);
  const groups = useMemo(() => {
    const byCategory = new Map<string, Line[]>();
    for (const line of lines) {
      const key = line.product.category ?? NO_CATEGORY;
      const group = byCategory.get(key) ?? [];
      group.push(line);
      byCategory.set(key, group);
    }
    return [...byCategory];
  }, [lines]);
  const toPack = useMemo(() => {
    const ids = new Set(lines.flatMap((l) => l.orderIds));
    return (orders.data ?? [])
      .filter((o) => ids.has(o._id))
      .sort((a, b) => Date.parse(a.deliverBy) - Date.parse(b.deliverBy));
  }, [lines, orders.data]);

  const print = (what: "list" | "slips") => {
    flushSync(() => setPrinting(what));
    window.print();
  };
  const units = lines.reduce((sum, l) => sum + l.quantity, 0);
  const button =
    "min-h-11 rounded border border-primary px-4 text-sm text-primary hover:bg-primary/10 disabled:opacity-60 md:min-h-9";

  return (
    <section className="space-y-4 p-4 md:p-10" data-print-root="">
      <style>{printCss}</style>
      <div className={printing === "slips" ? "space-y-4 print:hidden" : "space-y-4"}>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-lg font-medium">Pick list</h1>
          <span className="print:hidden">
            <LiveBadge state={live} pulse stale={list.isError && list.data !== undefined} />
          </span>
        </div>
        {list.isPending ? (
          <div
            className="space-y-3"
            role="progressbar"
            aria-busy="true"
            aria-label="Loading pick list"
          >
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-16 max-w-3xl animate-pulse rounded bg-gray-100" />
            ))}
          </div>
        ) : list.isError && !list.data ? (
          <LoadError what="the pick list" onRetry={() => void list.refetch()} />
        ) : lines.length === 0 ? (
          <p className="text-gray-600">Nothing to pack: no orders are waiting.</p>
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-3 print:hidden">
              <p className="text-sm text-gray-600" aria-live="polite">
                {picked.size} of {lines.length} {lines.length === 1 ? "line" : "lines"} picked ·{" "}
                {units} {units === 1 ? "unit" : "units"}
              </p>
              <button type="button" className={button} onClick={() => print("list")}>
                Print pick list
              </button>
              <button
                type="button"
                className={button}
                disabled={toPack.length === 0}
                onClick={() => print("slips")}
              >
                Print packing slips ({toPack.length})
              </button>
            </div>
            {groups.map(([category, group]) => (
              <section
                key={category}
                aria-labelledby={`pick-${category}`}
                className="max-w-3xl break-inside-avoid"
              >
                <h2 id={`pick-${category}`} className="border-b border-gray-300 pb-1 font-medium">
                  {label(category)}
                </h2>
                <ul className="divide-y divide-gray-200">
                  {group.map((line) => (
                    <PickLine
                      key={lineKey(line)}
                      line={line}
                      picked={picked.has(lineKey(line))}
                      onToggle={(on) => toggle(lineKey(line), on)}
                    />
                  ))}
                </ul>
              </section>
            ))}
          </>
        )}
      </div>
      {printing === "slips" && (
        <div className="hidden print:block">
          <OrderPackingSlips orders={toPack} timeZone={timeZone} />
        </div>
      )}
    </section>
  );
}

function PickLine({
  line,
  picked,
  onToggle,
}: {
  line: Line;
  picked: boolean;
  onToggle: (on: boolean) => void;
}) {
  const { product } = line;
  return (
    <li>
      <label
        className={`flex min-h-14 cursor-pointer items-center gap-3 py-2 ${picked ? "text-gray-400" : ""}`}
      >
        <input
          type="checkbox"
          checked={picked}
          onChange={(e) => onToggle(e.target.checked)}
          className="h-6 w-6 shrink-0 accent-primary"
          aria-label={`${product.name} × ${line.quantity}`}
        />
        <img
          src={thumbnail(product.image[0])}
          alt=""
          width={40}
          height={40}
          loading="lazy"
          className="h-10 w-10 shrink-0 rounded bg-primary/10 object-contain print:hidden"
        />
        <span className="min-w-0 flex-1">
          <span className={`font-medium ${picked ? "line-through" : "text-gray-800"}`}>
            {product.name}
          </span>
          {product.weight && <span className="text-sm text-gray-500"> · {product.weight}</span>}
          <span className="block text-xs text-gray-500">
            {line.orderIds.map((id) => `#${orderNumber(id)}`).join(" ")}
          </span>
        </span>
        <span className="text-lg font-semibold tabular-nums">× {line.quantity}</span>
      </label>
    </li>
  );
}
