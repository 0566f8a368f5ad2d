import { useEffect, useMemo, useRef, useState } from "react";
import { toast } from "../../../ui/toast";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../../lib/api-client";
import { paiseToRupees, rupeesToPaise } from "../../../../contract/money";
import { cartTotal } from "../../../lib/cart-rules";
import { useProductsByIds } from "../../../lib/catalogue-api";
import { useCart, useCartActions } from "../../../lib/shown-cart";
import { useStore } from "../../../lib/store";
import { useNow } from "../../../ui/countdown";
import { useAddresses, useCancelUnpaid, usePlaceOrder } from "../api";
import { retryKeyFor, retryUnanswered } from "../retry-keys";
import {
  keepCheckoutChoices,
  readCheckoutChoices,
  type CheckoutChoices,
} from "../checkout-choices";
import { AddressPicker } from "../components/address-picker";
import { CartLine } from "../components/cart-line";
import {
  CartHeading,
  CartLayout,
  CartLinesLoading,
  OrderSummarySkeleton,
} from "../components/cart-frame";
import { OrderSummary, type PaymentChoice } from "../components/order-summary";
import { usePageTitle } from "../../../ui/page-title";

/** Refusals after which the cart's products are read again: the cart then shows why. */
const refreshesCart = new Set<string>(["out_of_stock", "price_changed", "not_found"]);

export function CartPage() {
  const { user, sessionChecked, setShowLogin } = useStore();
  const cart = useCart();
  const { updateCart, setQuantities, removeFromCart } = useCartActions();
  usePageTitle("Cart");
  // Only the cart's products, by id: the cart costs the same whatever the catalogue's size.
  const ids = Object.keys(cart);
  const products = useProductsByIds(ids);
  const addresses = useAddresses(Boolean(user));
  const navigate = useNavigate();
  const now = useNow();
  // Back from the payment page without paying: say so once, then tidy the address bar. The
  // shopper chose to pay online: the choice stays, so that Place Order does not place a cash
  // order they did not ask for.
  const [params, setParams] = useSearchParams();
  const paymentCancelled = params.get("payment") === "cancelled";
  // The address and payment chosen, as the tab keeps them (an address just added comes back
  // chosen: add-address-page.tsx).
  const [choices, setChoices] = useState<CheckoutChoices>(() => {
    const kept = readCheckoutChoices();
    return { ...kept, payment: paymentCancelled ? "Online" : (kept.payment ?? "COD") };
  });
  useEffect(() => keepCheckoutChoices(choices), [choices]);
  const payment = choices.payment ?? "COD";
  const setPayment = (next: PaymentChoice) => setChoices((c) => ({ ...c, payment: next }));
  useEffect(() => {
    if (!paymentCancelled) return;
    toast("Payment cancelled: nothing was charged. Your cart is as you left it.", {
      id: "payment-cancelled",
    });
    setParams({}, { replace: true });
  }, [paymentCancelled, setParams]);
  const place = usePlaceOrder();
  const cancelUnpaid = useCancelUnpaid();
  // The server refused an online payment because the shopper left others unfinished: the
  // summary offers to give those up and go on.
  const [unfinished, setUnfinished] = useState(false);
  // On a phone the button pressed is in the bar at the bottom, far from the summary: the offer
  // is brought into view and its button focused (the alert is read out as well).
  const giveUp = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!unfinished) return;
    giveUp.current?.scrollIntoView?.({ block: "center" });
    giveUp.current?.focus({ preventScroll: true });
  }, [unfinished]);
  // On the way to the payment page: the button stays busy until the browser has left.
  const [leaving, setLeaving] = useState(false);
  const placing = place.isPending || leaving || cancelUnpaid.isPending;

  const lines = useMemo(
    () =>
      Object.entries(cart).flatMap(([id, quantity]) => {
        const product = products.data?.find((p) => p._id === id);
        return product ? [{ product, quantity }] : [];
      }),
    [products.data, cart],
  );
  // The chosen address as the list has it now (it may have been edited or deleted).
  const selected = addresses.data?.find((a) => a._id === choices.address) ?? addresses.data?.[0];
  const total = cartTotal(
    lines.map((l) => ({ offerPrice: l.product.offerPrice, quantity: l.quantity })),
  );

  const checkout = () => {
    setUnfinished(false);
    if (!user) return setShowLogin(true);
    if (!selected) return toast.error("Please select an address");
    const unavailable = lines.find((l) => !l.product.inStock);
    if (unavailable)
      return toast.error(
        `${unavailable.product.name} is out of stock. Remove it to place your order.`,
      );
    const short = lines.find((l) => l.quantity > l.product.stock);
    if (short) {
      void products.refetch(); // the stock shown may be old: a restock lifts the limit
      return toast.error(
        `Only ${short.product.stock} of ${short.product.name} left. Lower the quantity to place your order.`,
      );
    }
    // Each line says the price the shopper sees: the server refuses the order if it is not the
    // price now (409 price_changed), instead of charging a price never shown.
    const items = lines.map((l) => ({
      product: l.product._id,
      quantity: l.quantity,
      shownOfferPrice: l.product.offerPrice,
    }));
    const kind = payment === "COD" ? "cod" : "online";
    // The same products, quantities, address and payment pressed again (a retry after a lost
    // answer, here or after leaving the cart) send the same key: one order.
    const checkoutOf = JSON.stringify([
      kind,
      selected._id,
      items.map((i) => [i.product, i.quantity]),
    ]);
    place.mutate(
      {
        kind,
        input: { items, address: selected._id },
        idempotencyKey: retryKeyFor("checkout", user._id, checkoutOf),
      },
      {
        // The order is placed (the cart emptied of it and a toast shown by usePlaceOrder): on to
        // the payment page, or to My Orders.
        onSuccess: (answer) => {
          if (kind === "online" && "url" in answer && answer.url) {
            setLeaving(true);
            window.location.replace(answer.url);
            return;
          }
          void navigate("/my-orders");
        },
        // The mutation cache says why; the cart then shows the products as they are now (sold
        // out, repriced, or gone).
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          if (refreshesCart.has(error.code)) void products.refetch();
          if (error.body?.unpaidCheckouts) setUnfinished(true);
        },
      },
    );
  };

  // While the cart's products are on their way the page keeps its final shape (heading, one
  // placeholder per line, the summary's box), so nothing moves when they arrive (unless a kept
  // product no longer exists: its line goes).
  // The checkout of the cart as last drawn, for a step that goes on after waiting (cancelling
  // unfinished payments first): a line changed meanwhile is paid for as it is now.
  const checkoutNow = useRef(checkout);
  useEffect(() => {
    checkoutNow.current = checkout;
  });

  if (products.isPending && ids.length > 0)
    return (
      <CartLayout heading={<CartHeading count={ids.length} />} summary={<OrderSummarySkeleton />}>
        <CartLinesLoading ids={ids} />
      </CartLayout>
    );
  if (lines.length === 0) {
    return (
      <section className="flex flex-col items-center gap-4 py-24 text-center">
        <h1 className="text-2xl font-medium">Your cart is empty</h1>
        {user && retryUnanswered("checkout", user._id) ? (
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

  const savings = paiseToRupees(
    lines.reduce(
      (sum, l) => sum + rupeesToPaise(l.product.price - l.product.offerPrice) * l.quantity,
      0,
    ),
  );
  const addressPart = !sessionChecked ? (
    <p className="mt-2 h-5 animate-pulse rounded bg-gray-200" />
  ) : user ? (
    addresses.isPending ? (
      <p className="mt-2 h-5 animate-pulse rounded bg-gray-200" />
    ) : (
      <AddressPicker
        addresses={addresses.data ?? []}
        selected={selected}
        onSelect={(a) => setChoices((c) => ({ ...c, address: a?._id }))}
      />
    )
  ) : (
    <p className="mt-2 text-gray-600">Log in to choose a delivery address.</p>
  );

  return (
    <CartLayout
      heading={<CartHeading count={lines.length} />}
      summary={
        <OrderSummary
          address={addressPart}
          payment={payment}
          onPayment={setPayment}
          total={total}
          savings={savings}
          now={now}
          placing={placing}
          onPlace={() => void checkout()}
          notice={
            unfinished &&
            payment === "Online" && (
              <div
                role="alert"
                className="mt-4 rounded border border-amber-300 bg-amber-50 p-3 text-sm"
              >
                <p>
                  You left online payments unfinished, and they hold their items for up to 30
                  minutes. Cancel them to pay for this cart instead.
                </p>
                <button
                  ref={giveUp}
                  type="button"
                  disabled={placing}
                  onClick={() =>
                    cancelUnpaid.mutate(undefined, {
                      onSuccess: (answer) => {
                        toast.success(answer.message);
                        checkoutNow.current();
                      },
                    })
                  }
                  className="mt-2 min-h-11 w-full rounded border border-primary bg-white px-3 font-medium text-primary hover:bg-primary/10 disabled:opacity-60"
                >
                  Cancel them and pay for this cart
                </button>
              </div>
            )
          }
        />
      }
    >
      <ul>
        {lines.map(({ product, quantity }) => (
          <CartLine
            key={product._id}
            product={product}
            quantity={quantity}
            onQuantity={(n) => updateCart(product._id, n)}
            onRemoveOne={() => removeFromCart(product._id)}
            onRemove={() => {
              setQuantities({ [product._id]: 0 });
              toast.success("Removed from Cart");
            }}
          />
        ))}
      </ul>
    </CartLayout>
  );
}
