import type { ReactNode } from "react";
import { formatClock } from "../../../ui/countdown";
import { formatRupees } from "../../../../contract/money";

export type PaymentChoice = "COD" | "Online";

/** The promise: an order placed now arrives within this many minutes. */
export const DELIVERY_MINUTES = 30;

/**
 * The spec's Order Summary: delivery address, payment method, price, free shipping, total, and
 * the button; plus what the shopper saves against MRP and when the order would arrive if placed
 * now. On phones the total and the button also stay in a bar at the bottom of the screen.
 */
export function OrderSummary({
  address,
  payment,
  onPayment,
  total,
  savings,
  now,
  placing,
  onPlace,
  notice,
}: {
  address: ReactNode;
  payment: PaymentChoice;
  onPayment: (payment: PaymentChoice) => void;
  total: number;
  savings: number;
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
        <dl className="mt-4 space-y-2 text-gray-600">
          <div className="flex justify-between">
            <dt>Price</dt>
            <dd>{formatRupees(total)}</dd>
          </div>
          {savings > 0 && (
            <div className="flex justify-between text-primary-dull">
              <dt>You save (against MRP)</dt>
              <dd>{formatRupees(savings)}</dd>
            </div>
          )}
          <div className="flex justify-between">
            <dt>Shipping Fee</dt>
            <dd className="text-primary-dull">Free</dd>
          </div>
          <div className="mt-3 flex justify-between text-lg font-medium text-gray-800">
            <dt>Total Amount:</dt>
            <dd>{formatRupees(total)}</dd>
          </div>
        </dl>
        <p className="mt-4 rounded bg-primary/10 px-3 py-2 text-sm text-gray-700">
          Order now and it arrives by <strong>{arrivesBy}</strong> ({DELIVERY_MINUTES} min).
        </p>
        {notice}
        <button
          type="button"
          onClick={onPlace}
          disabled={placing}
          className="mt-6 hidden min-h-11 w-full bg-primary py-3 font-medium text-white transition hover:bg-primary-dull disabled:opacity-60 md:block"
        >
          {label}
        </button>
      </aside>
      {/* Phones: the total and the button within thumb's reach, whatever the scroll. */}
      <div className="fixed inset-x-0 bottom-0 z-20 flex items-center justify-between gap-3 border-t border-gray-200 bg-white px-4 py-3 shadow-[0_-2px_8px_rgba(0,0,0,0.06)] md:hidden">
        <p className="text-sm text-gray-600">
          Total{" "}
          <span className="block text-lg font-semibold text-gray-800">{formatRupees(total)}</span>
        </p>
        <button
          type="button"
          onClick={onPlace}
          disabled={placing}
          className="min-h-11 flex-1 rounded bg-primary px-4 font-medium text-white disabled:opacity-60"
        >
          {label}
        </button>
      </div>
    </>
  );
}
