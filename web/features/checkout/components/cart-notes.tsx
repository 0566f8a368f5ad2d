import type { Ref } from "react";
import { Link } from "react-router";

/** The cart with nothing in it; `mayHaveOrdered`: an order was on its way when the page lost it. */
export function EmptyCart({ mayHaveOrdered }: { mayHaveOrdered: boolean }) {
  return (
    <section className="flex flex-col items-center gap-4 py-24 text-center">
      <h1 className="text-2xl font-medium">Your cart is empty</h1>
      {mayHaveOrdered ? (
        // The page was reloaded (or the connection lost) while an order was on its way: the
        // server may have placed it, and emptied the cart with it.
        <p className="max-w-md text-gray-600" role="status">
          Your last order may have been placed before this page lost touch with the store.{" "}
          <Link to="/my-orders" className="font-medium text-primary-dull underline">
            Check My Orders
          </Link>{" "}
          before ordering again.
        </p>
      ) : (
        <p className="text-gray-600">Add fresh groceries and they will show up here.</p>
      )}
      <Link
        to="/products"
        className="rounded bg-primary px-8 py-3 text-white hover:bg-primary-dull"
      >
        Continue Shopping
      </Link>
    </section>
  );
}

/**
 * The summary's offer when the server refused an online payment for the ones the shopper left
 * unfinished: give those up (`onGiveUp`) and pay for this cart.
 */
export function UnfinishedPayments({
  giveUp,
  placing,
  onGiveUp,
}: {
  giveUp: Ref<HTMLButtonElement>;
  placing: boolean;
  onGiveUp: () => void;
}) {
  return (
    <div role="alert" className="mt-4 rounded border border-amber-300 bg-amber-50 p-3 text-sm">
      <p>
        You left online payments unfinished, and they hold their items for up to 30 minutes. Cancel
        them to pay for this cart instead.
      </p>
      <button
        ref={giveUp}
        type="button"
        disabled={placing}
        onClick={onGiveUp}
        className="mt-2 min-h-11 w-full rounded border border-primary bg-white px-3 font-medium text-primary hover:bg-primary/10 disabled:opacity-60"
      >
        Cancel them and pay for this cart
      </button>
    </div>
  );
}
