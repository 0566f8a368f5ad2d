import type { OrderEventsState } from "../../../ui/use-order-events";

/** "Live" while the event stream is open; otherwise a note that the page refreshes itself. */
export function OrderLiveBadge({ state }: { state: OrderEventsState }) {
  if (state === "live")
    return (
      <span className="inline-flex items-center gap-1.5 rounded-full bg-primary/10 px-2.5 py-0.5 text-xs font-medium text-primary">
        <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-primary" />
        Live
      </span>
    );
  if (state === "polling") return <span className="text-xs text-gray-500">Updates every 10 s</span>;
  return null;
}
