import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { Address } from "../../../contract/address";
import type { Product } from "../../../contract/product";
import { ApiError } from "../../lib/api-client";
import { useStore } from "../../lib/store";
import { toast } from "../../ui/toast";
import { useCancelUnpaid, usePlaceOrder } from "./api";
import { keepCheckoutChoices, readCheckoutChoices, type CheckoutChoices } from "./checkout-choices";
import type { PaymentChoice } from "./components/order-summary";
import { retryKeyFor } from "./retry-keys";

/** Refusals after which the cart's products are read again: the cart then shows why. */
const refreshesCart = new Set<string>(["out_of_stock", "price_changed", "not_found"]);

/**
 * The address and payment chosen on the cart, as the tab keeps them (an address just added comes
 * back chosen: add-address-page.tsx). Back from the payment page without paying: say so once,
 * then tidy the address bar. The shopper chose to pay online: the choice stays, so that Place
 * Order does not place a cash order they did not ask for.
 */
export function useCheckoutChoices() {
  const [params, setParams] = useSearchParams();
  const paymentCancelled = params.get("payment") === "cancelled";
  const [choices, setChoices] = useState<CheckoutChoices>(() => {
    const kept = readCheckoutChoices();
    return { ...kept, payment: paymentCancelled ? "Online" : (kept.payment ?? "COD") };
  });
  useEffect(() => keepCheckoutChoices(choices), [choices]);
  const payment = choices.payment ?? "COD";
  const setPayment = (next: PaymentChoice) => setChoices((c) => ({ ...c, payment: next }));
  const setAddress = (address: Address | undefined) =>
    setChoices((c) => ({ ...c, address: address?._id }));
  useEffect(() => {
    if (!paymentCancelled) return;
    toast("Payment cancelled: nothing was charged. Your cart is as you left it.", {
      id: "payment-cancelled",
    });
    setParams({}, { replace: true });
  }, [paymentCancelled, setParams]);
  return { choices, payment, setPayment, setAddress };
}

/**
 * Place Order for the cart as shown (`lines`, to `selected` with `payment`): checked here first
 * (signed in, an address, every line in stock), then sent, and on to the payment page or to My
 * Orders. A refusal that the cart can show reads its products again (`refetchProducts`); one for
 * payments left unfinished offers to give those up and go on (`unfinished`, `giveUpAndPay`).
 */
export function useCheckout({
  lines,
  selected,
  payment,
  shownTotal,
  refetchProducts,
}: {
  lines: { product: Product; quantity: number }[];
  selected: Address | undefined;
  payment: PaymentChoice;
  /** The total the cart shows (its quote's): the server refuses the order at any other. */
  shownTotal: number | undefined;
  refetchProducts: () => void;
}) {
  const { user, setShowLogin } = useStore();
  const navigate = useNavigate();
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
      refetchProducts(); // the stock shown may be old: a restock lifts the limit
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
        input: {
          items,
          address: selected._id,
          ...(shownTotal === undefined ? {} : { shownTotal }),
        },
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
          if (refreshesCart.has(error.code)) refetchProducts();
          if (error.body?.unpaidCheckouts) setUnfinished(true);
        },
      },
    );
  };

  // The checkout of the cart as last drawn, for a step that goes on after waiting (cancelling
  // unfinished payments first): a line changed meanwhile is paid for as it is now.
  const checkoutNow = useRef(checkout);
  useEffect(() => {
    checkoutNow.current = checkout;
  });
  const giveUpAndPay = () =>
    cancelUnpaid.mutate(undefined, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        checkoutNow.current();
      },
    });
  return { checkout, placing, unfinished, giveUp, giveUpAndPay };
}
