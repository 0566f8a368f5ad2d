import { SELLER_LIST_LIMIT } from "../../../../contract/order";
import { formatCount } from "./format-count";
import { ordersIn, type Filter } from "./seller-order-filters";

/**
 * Above the queue: how many orders more than a day past their promise are listed last, and, when
 * the server cut the queue (`queueCut`, of which `listed` came), which of them are shown.
 */
export function QueueNotice({
  staleShown,
  queueCut,
  listed,
  showsQueue,
}: {
  staleShown: number;
  queueCut: number | undefined;
  listed: number;
  showsQueue: boolean;
}) {
  return staleShown > 0 ? (
    <p className="max-w-5xl text-sm text-gray-700">
      {queueCut !== undefined &&
        `Showing ${formatCount(listed)} of ${formatCount(queueCut)} open orders; the rest are older still. `}
      {staleShown === 1
        ? "1 order more than a day past its promise is listed last."
        : `${formatCount(staleShown)} orders more than a day past their promise are listed last.`}{" "}
      If they were delivered, mark them Delivered to clear the queue.
    </p>
  ) : (
    // Cut with every order in play (a rush): those left out are the ones promised last.
    queueCut !== undefined && showsQueue && (
      <p className="max-w-5xl text-sm text-gray-700">
        Showing the {formatCount(listed)} of {formatCount(queueCut)} open orders promised soonest;
        the others come in as these are delivered or cancelled.
      </p>
    )
  );
}

/** What a filter with no orders says (`amongNewest`: only the newest orders were read). */
export function NoOrders({ filter, amongNewest }: { filter: Filter; amongNewest: boolean }) {
  return (
    <p className="text-gray-600">
      {filter === "open"
        ? "No open orders right now. New orders appear here as shoppers buy."
        : filter === "refund-due"
          ? "No refunds owed."
          : amongNewest
            ? `No ${ordersIn[filter]} among the newest ${SELLER_LIST_LIMIT}.`
            : `No ${ordersIn[filter]}.`}
    </p>
  );
}
