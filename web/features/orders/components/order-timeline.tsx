import type { Order } from "../../../../contract/order";
import { formatClock } from "../../../ui/countdown";

const day = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short" });
const steps = ["Order Placed", "Packing", "Out for Delivery", "Delivered"] as const;

/**
 * The order's progress: the steps it went through with their times (from `history`), then the
 * steps still to come, greyed. A cancelled order ends at Cancelled.
 */
export function OrderTimeline({ order }: { order: Order }) {
  const history = order.history.length
    ? order.history
    : [{ status: order.status, at: order.updatedAt }];
  const passed = history.filter((h) => h.status !== "Awaiting Payment");
  const reached = new Set(passed.map((h) => h.status));
  const upcoming =
    order.status === "Cancelled" ? [] : steps.filter((s) => !reached.has(s) && s !== order.status);
  const sameDay = (at: string) =>
    new Date(at).toDateString() === new Date(order.createdAt).toDateString();
  return (
    <ol aria-label="Order progress" className="mt-4 space-y-0">
      {passed.map((h, i) => {
        const current = i === passed.length - 1;
        return (
          <li
            key={`${h.status}-${h.at}`}
            aria-current={current ? "step" : undefined}
            className="relative flex gap-3 pb-4 pl-1"
          >
            <span
              aria-hidden="true"
              className={`mt-1 h-3 w-3 shrink-0 rounded-full ${h.status === "Cancelled" ? "bg-red-600" : "bg-primary"}`}
            />
            <span className="flex flex-1 flex-wrap justify-between gap-x-4">
              <span
                className={`font-medium ${h.status === "Cancelled" ? "text-red-700" : "text-gray-800"}`}
              >
                {h.status}
              </span>
              <time dateTime={h.at} className="text-sm text-gray-600">
                {sameDay(h.at) ? "" : `${day.format(new Date(h.at))}, `}
                {formatClock(h.at)}
              </time>
            </span>
          </li>
        );
      })}
      {upcoming.map((s) => (
        <li key={s} className="flex gap-3 pb-4 pl-1 text-gray-500">
          <span
            aria-hidden="true"
            className="mt-1 h-3 w-3 shrink-0 rounded-full border-2 border-gray-300"
          />
          <span>{s}</span>
        </li>
      ))}
    </ol>
  );
}
