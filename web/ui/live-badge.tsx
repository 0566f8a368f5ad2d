import type { OrderEventsState } from "../lib/use-order-events";

/**
 * A small note of how fresh an order page is: "Live" while the event stream is open (its dot
 * pulsing on the seller's busy screens), otherwise a refresh every few seconds; `stale` when the
 * page shows what it loaded earlier because its last refresh failed (the server or the network is
 * down), until a refresh works again. A live region that stays on the page, so a screen reader
 * hears each change.
 */
export function LiveBadge({
  state,
  pulse = false,
  stale = false,
}: {
  state: OrderEventsState;
  pulse?: boolean;
  stale?: boolean;
}) {
  return (
    <span role="status" className="inline-flex">
      <BadgeText state={state} pulse={pulse} stale={stale} />
    </span>
  );
}

function BadgeText({
  state,
  pulse,
  stale,
}: {
  state: OrderEventsState;
  pulse: boolean;
  stale: boolean;
}) {
  if (stale)
    return <span className="text-xs font-medium text-amber-800">Not updating, retrying</span>;
  if (state === "live")
    return (
      <span className="inline-flex items-center gap-1.5 rounded-full bg-primary/10 px-2.5 py-0.5 text-xs font-medium text-primary">
        <span
          aria-hidden="true"
          className={`h-2 w-2 rounded-full bg-primary ${pulse ? "animate-pulse" : ""}`}
        />
        Live
      </span>
    );
  if (state === "polling") return <span className="text-xs text-gray-500">Updates every 10 s</span>;
  return null;
}
