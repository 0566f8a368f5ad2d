import { Link } from "react-router";
import { filters, listOf, type Filter, type ListName } from "./seller-order-filters";

/**
 * The Orders page's filters as pills, each with its count (`countOf`) once its list has come, and
 * a place kept for it while a list the page `reads` loads.
 */
export function OrderFilterPills({
  filter,
  countOf,
  reads,
}: {
  filter: Filter;
  countOf: (f: Filter) => string | undefined;
  reads: (list: ListName) => boolean;
}) {
  return (
    <nav aria-label="Filter orders by status" className="flex flex-wrap gap-2">
      {filters.map((f) => {
        const count = countOf(f.value);
        const active = f.value === filter;
        // Money the shop owes stands out until it is paid back.
        const owed = f.value === "refund-due" && count !== undefined && count !== "0";
        const look = active
          ? "border-primary bg-primary text-white"
          : owed
            ? "border-red-300 font-medium text-red-700 hover:bg-red-50"
            : "border-gray-300 hover:bg-gray-100";
        return (
          <Link
            key={f.value}
            to={{ search: f.value === "open" ? "" : `?status=${encodeURIComponent(f.value)}` }}
            aria-current={active ? "page" : undefined}
            className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm md:min-h-9 ${look}`}
          >
            {f.label}
            {(count !== undefined || reads(listOf(f.value))) && (
              // The count's place, kept while its list loads and as wide as "(00)" at least: the
              // pills do not grow, nor the row wrap, as the counts come in.
              <span className="ml-1.5 inline-grid justify-items-start tabular-nums">
                <span
                  aria-hidden="true"
                  className="invisible col-start-1 row-start-1 before:content-['(00)']"
                />
                {count !== undefined && <span className="col-start-1 row-start-1">({count})</span>}
              </span>
            )}
          </Link>
        );
      })}
    </nav>
  );
}
