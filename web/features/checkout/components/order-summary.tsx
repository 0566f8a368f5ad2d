import type { ReactNode } from "react";
import { formatClock } from "../../../ui/countdown";
import { formatRupees } from "../../../../contract/money";

export type PaymentChoice = "COD" | "Online";

/** The promise: an order placed now arrives within this many minutes. */
export const DELIVERY_MINUTES = 30;

/**
 * The spec's Order Summary: delivery address, payment method, every charge (`charges`: its own
 * line each), and the button; plus when the order would arrive if placed now (or, while the shop
 * is closed, when it opens: `closed`). The button stays disabled while `blocked` says why, under
 * it, or while the total is not known yet (`total`). On phones the total and the button also stay
 * in a bar at the bottom of the screen.
 */
export function OrderSummary({
  address,
  payment,
  onPayment,
  charges,
  total,
  blocked,
  closed,
  now,
  placing,
  onPlace,
  notice,
}: {
  address: ReactNode;
  payment: PaymentChoice;
  onPayment: (payment: PaymentChoice) => void;
  charges: ReactNode;
  /** The quote's total; undefined while it is being worked out. */
  total: number | undefined;
  /** Why the order cannot be placed as it is (below the minimum, outside the area). */
  blocked?: string;
  /** "We're closed now. Opens at …" while the shop is closed; null while it is open. */
  closed: string | null;
  now: number;
  placing: boolean;
  onPlace: () => void;
  /** Said above the button (what stops the order, and what to do about it). */
  notice?: ReactNode;
}) {
  const label = placing
    ? "Please wait…"
    : payment === "COD"
      ? "Place Order"
      : "Proceed to Checkout";
  const disabled = placing || total === undefined || blocked !== undefined;
  const arrivesBy = formatClock(now + DELIVERY_MINUTES * 60_000);
  return (
    <>
      <aside
        className="h-fit w-full border border-gray-300/70 bg-gray-100/40 p-5 md:max-w-[360px]"
        aria-labelledby="summary-title"
      >
        <h2 id="summary-title" className="text-xl font-medium">
          Order Summary
        </h2>
        <hr className="my-5 border-gray-300" />
        <p className="text-sm font-medium uppercase">Delivery Address</p>
        {address}
        <label className="mt-6 block text-sm font-medium uppercase">
          Payment Method
          <select
            value={payment}
            onChange={(e) => onPayment(e.target.value as PaymentChoice)}
            className="mt-2 min-h-11 w-full border border-gray-300 bg-white px-3 py-2 font-normal normal-case outline-none focus:border-primary focus:ring-2 focus:ring-primary/40"
          >
            <option value="COD">Cash On Delivery</option>
            <option value="Online">Online Payment</option>
          </select>
        </label>
        <hr className="mt-5 border-gray-300" />
        {charges}
        {closed ? (
          <p className="mt-4 rounded bg-amber-50 px-3 py-2 text-sm text-amber-900">{closed}</p>
        ) : (
          <p className="mt-4 rounded bg-primary/10 px-3 py-2 text-sm text-gray-700">
            Order now and it arrives by <strong>{arrivesBy}</strong> ({DELIVERY_MINUTES} min).
          </p>
        )}
        {notice}
        <button
          type="button"
          onClick={onPlace}
          disabled={disabled}
          aria-describedby={blocked ? "place-order-blocked" : undefined}
          className="mt-6 hidden min-h-11 w-full bg-primary py-3 font-medium text-white transition hover:bg-primary-dull disabled:opacity-60 md:block"
        >
          {label}
        </button>
        {blocked && (
          <p id="place-order-blocked" role="status" className="mt-2 text-sm text-red-700">
            {blocked}
          </p>
        )}
      </aside>
      {/* Phones: the total and the button within thumb's reach, whatever the scroll. */}
      <div className="fixed inset-x-0 bottom-0 z-20 flex items-center justify-between gap-3 border-t border-gray-200 bg-white px-4 py-3 shadow-[0_-2px_8px_rgba(0,0,0,0.06)] md:hidden">
        <p className="text-sm text-gray-600">
          Total{" "}
          <span className="block text-lg font-semibold text-gray-800">
            {total === undefined ? "…" : formatRupees(total)}
          </span>
        </p>
        <button
          type="button"
          onClick={onPlace}
          disabled={disabled}
          aria-describedby={blocked ? "place-order-blocked" : undefined}
          className="min-h-11 flex-1 rounded bg-primary px-4 font-medium text-white disabled:opacity-60"
        >
          {label}
        </button>
      </div>
    </>
  );
}
