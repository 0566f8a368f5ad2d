import { useLayoutEffect, useRef } from "react";
import { SELLER_LIST_LIMIT } from "../../../../contract/order";
import type { HistoryStatus, useOrderHistory } from "../api/order-history";

/**
 * Below a history the newest orders cut short: the button that reads it further back, a page at
 * a time, and a status line that says where it stands (read out as it changes). When the last
 * page has come, the button goes and the focus it had moves to that line.
 */
export function OlderOrders({
  status,
  asked,
  shown,
  history,
  onAsk,
}: {
  status: HistoryStatus;
  asked: boolean;
  shown: number;
  history: ReturnType<typeof useOrderHistory>;
  onAsk: () => void;
}) {
  const loading = asked && history.isFetching;
  const failed = asked && history.isError && !loading;
  const done = asked && history.data !== undefined && !history.hasNextPage && !failed;
  const line = useRef<HTMLParagraphElement>(null);
  // Whether the button had the focus when last pressed (it goes once the last page is in).
  const hadFocus = useRef(false);
  useLayoutEffect(() => {
    if (done && hadFocus.current) line.current?.focus();
  }, [done]);
  const says = failed
    ? "Could not load older orders. Try again."
    : loading
      ? `Loading older ${status} orders…`
      : done
        ? `Every ${status} order is shown.`
        : asked
          ? `Showing the newest ${shown} ${status} orders.`
          : `Showing ${status} orders among the newest ${SELLER_LIST_LIMIT} orders.`;
  return (
    <div className="flex flex-wrap items-center gap-3">
      {!done && (
        <button
          type="button"
          onClick={(event) => {
            hadFocus.current = document.activeElement === event.currentTarget;
            if (!loading) onAsk();
          }}
          aria-disabled={loading}
          className="min-h-11 rounded border border-gray-300 px-4 text-sm hover:bg-gray-100 aria-disabled:cursor-progress aria-disabled:opacity-60 md:min-h-9"
        >
          {`Show older ${status} orders`}
        </button>
      )}
      <p ref={line} role="status" tabIndex={-1} className="text-sm text-gray-600 outline-none">
        {says}
      </p>
    </div>
  );
}
