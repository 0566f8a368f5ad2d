import type { CSSProperties } from "react";
import { LiveBadge } from "../../../ui/live-badge";
import { LoadError } from "../../../ui/load-error";
import { useOrderEvents } from "../../../lib/use-order-events";
import { useShopTimeZone } from "../api/dashboard";
import { useQueueRefill } from "../api/orders-queue";
import { OlderOrders } from "../components/older-orders";
import { useNewOrderAlerts, useOpenOrdersTitle } from "../components/order-alerts";
import { OrderCard, QueueClock } from "../components/order-card";
import { OrderExportForm } from "../components/order-export-form";
import { OrderFilterPills } from "../components/order-filter-pills";
import { SELLER_EVENTS_URL } from "../components/order-format";
import { useProductsFollowOrders } from "../components/products-follow-orders";
import { NoOrders, QueueNotice } from "../components/queue-notes";
import { listOf } from "../components/seller-order-filters";
import { useCardsInSlices, useFocusStaysInQueue } from "../components/use-queue-cards";
import { useSellerOrderFilters } from "../components/use-seller-order-filters";

/** /seller/orders: the live queue. New orders arrive without a reload, with a toast and a beep. */
export function SellerOrdersPage() {
  const {
    filter,
    queue,
    source,
    shown,
    now,
    ordersOf,
    countOf,
    reads,
    queueCut,
    staleShown,
    historyStatus,
    historyAsked,
    historyShown,
    historyFull,
    history,
    askHistory,
  } = useSellerOrderFilters();
  const productsFollow = useProductsFollowOrders();
  const queueRefill = useQueueRefill();
  const live = useOrderEvents(SELLER_EVENTS_URL, (order, previous) => {
    productsFollow(order, previous);
    queueRefill(order, previous);
  });
  const timeZone = useShopTimeZone();
  useNewOrderAlerts(queue);
  useOpenOrdersTitle(queueCut ?? ordersOf("open")?.length);
  const drawn = useCardsInSlices(filter, shown, source.data !== undefined);
  const { heading, list, onLeaveWithFocus } = useFocusStaysInQueue(drawn);

  return (
    <section className="space-y-4 p-4 md:p-10">
      <div className="flex flex-wrap items-center gap-3">
        <h1 ref={heading} tabIndex={-1} className="text-lg font-medium outline-none">
          Orders List
        </h1>
        <LiveBadge state={live} pulse stale={source.isError && source.data !== undefined} />
      </div>
      <OrderFilterPills filter={filter} countOf={countOf} reads={reads} />
      <details className="max-w-5xl rounded border border-gray-200 p-3">
        <summary className="min-h-11 cursor-pointer content-center text-sm font-medium md:min-h-0">
          Export orders as CSV
        </summary>
        <div className="mt-3">
          <OrderExportForm timeZone={timeZone} />
        </div>
      </details>
      {source.isPending ? (
        <div className="space-y-3" role="progressbar" aria-busy="true" aria-label="Loading orders">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-32 max-w-5xl animate-pulse rounded bg-gray-100" />
          ))}
        </div>
      ) : source.isError && !source.data ? (
        <LoadError what="orders" onRetry={() => void source.refetch()} />
      ) : (
        <>
          <QueueNotice
            staleShown={staleShown}
            queueCut={queueCut}
            listed={queue?.length ?? 0}
            showsQueue={listOf(filter) === "queue"}
          />
          {shown.length === 0 ? (
            <NoOrders filter={filter} amongNewest={historyFull && !historyShown} />
          ) : (
            <QueueClock value={now}>
              <ul ref={list} className="flex flex-col gap-4" aria-label="Orders">
                {drawn.map((order) => (
                  <li
                    key={order._id}
                    className="queue-card"
                    // Back finds the card again, where it was on screen (web/app/scroll-memory.ts).
                    data-scroll-anchor={order._id}
                    style={{ "--items": order.items.length } as CSSProperties}
                  >
                    <OrderCard
                      order={order}
                      timeZone={timeZone}
                      onLeaveWithFocus={onLeaveWithFocus}
                    />
                  </li>
                ))}
              </ul>
            </QueueClock>
          )}
          {historyStatus !== undefined && (historyFull || historyShown) && (
            <OlderOrders
              status={historyStatus}
              asked={historyAsked}
              shown={shown.length}
              history={history}
              onAsk={askHistory}
            />
          )}
        </>
      )}
    </section>
  );
}
