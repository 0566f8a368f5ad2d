import { useMemo } from "react";
import { toast } from "../../../ui/toast";
import { paiseToRupees, rupeesToPaise } from "../../../../contract/money";
import { cartTotal, countItems } from "../../../lib/cart-rules";
import { useProductsByIds } from "../../../lib/catalogue-api";
import { useCart, useCartActions } from "../../../lib/shown-cart";
import { useStore } from "../../../lib/store";
import { useNow } from "../../../ui/countdown";
import { useAddresses } from "../api";
import { retryUnanswered } from "../retry-keys";
import { useCheckout, useCheckoutChoices } from "../use-checkout";
import { AddressPicker } from "../components/address-picker";
import { CartLine } from "../components/cart-line";
import {
  CartHeading,
  CartLayout,
  CartLinesLoading,
  OrderSummarySkeleton,
} from "../components/cart-frame";
import { EmptyCart, UnfinishedPayments } from "../components/cart-notes";
import { OrderSummary } from "../components/order-summary";
import { CartCharges } from "../components/cart-charges";
import { useCartQuote } from "../use-cart-quote";
import { usePageTitle } from "../../../ui/page-title";

export function CartPage() {
  const { user, sessionChecked } = useStore();
  const cart = useCart();
  const { updateCart, setQuantities, removeFromCart } = useCartActions();
  usePageTitle("Cart");
  // Only the cart's products, by id: the cart costs the same whatever the catalogue's size.
  const ids = Object.keys(cart);
  // Units, as the navbar's badge counts them: one count of the cart everywhere.
  const units = countItems(cart);
  const products = useProductsByIds(ids);
  const addresses = useAddresses(Boolean(user));
  const now = useNow();
  const { choices, payment, setPayment, setAddress } = useCheckoutChoices();

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
  const itemsTotal = cartTotal(
    lines.map((l) => ({ offerPrice: l.product.offerPrice, quantity: l.quantity })),
  );
  const { quote, shown, blocked, closed } = useCartQuote({
    lines,
    address: user ? selected : undefined,
    // Priced once, for the address the cart shows, not first for none and then again.
    addressKnown: sessionChecked && (!user || !addresses.isPending),
    now,
  });
  const { checkout, placing, unfinished, giveUp, giveUpAndPay } = useCheckout({
    lines,
    selected,
    payment,
    shownTotal: quote?.total,
    refetchProducts: () => void products.refetch(),
  });

  // While the cart's products are on their way the page keeps its final shape (heading, one
  // placeholder per line, the summary's box), so nothing moves when they arrive (unless a kept
  // product no longer exists: its line goes).
  if (products.isPending && ids.length > 0)
    return (
      <CartLayout heading={<CartHeading count={units} />} summary={<OrderSummarySkeleton />}>
        <CartLinesLoading ids={ids} />
      </CartLayout>
    );
  if (lines.length === 0)
    return <EmptyCart mayHaveOrdered={Boolean(user && retryUnanswered("checkout", user._id))} />;

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
      <AddressPicker addresses={addresses.data ?? []} selected={selected} onSelect={setAddress} />
    )
  ) : (
    <p className="mt-2 text-gray-600">Log in to choose a delivery address.</p>
  );

  return (
    <CartLayout
      heading={<CartHeading count={units} />}
      summary={
        <OrderSummary
          address={addressPart}
          payment={payment}
          onPayment={setPayment}
          charges={<CartCharges quote={shown} itemsTotal={itemsTotal} savings={savings} />}
          total={quote?.total}
          blocked={blocked}
          closed={closed}
          now={now}
          placing={placing}
          onPlace={() => void checkout()}
          notice={
            unfinished &&
            payment === "Online" && (
              <UnfinishedPayments giveUp={giveUp} placing={placing} onGiveUp={giveUpAndPay} />
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
