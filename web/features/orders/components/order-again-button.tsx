import { useState } from "react";
import { toast } from "../../../ui/toast";
import { useNavigate } from "react-router";
import type { Order } from "../../../../contract/order";
import type { CartItems } from "../../../../contract/user";
import { ApiError } from "../../../lib/api-client";
import { MAX_QUANTITY } from "../../../../contract/limits";
import { useCartActions, useReadCart } from "../../../lib/shown-cart";
import { currentProducts } from "../api";
import { orderNumber } from "../../../ui/order-words";

/**
 * "Order again": the order's items that are still sold and in stock go into the cart at today's
 * price (the cart reads current products), as many as were ordered where stock allows; the
 * others are named in a toast. Then the cart opens.
 */
export function OrderAgainButton({ order }: { order: Order }) {
  const readCart = useReadCart();
  const { setQuantities } = useCartActions();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const orderAgain = async () => {
    setBusy(true);
    try {
      const products = await currentProducts(order.items.map((i) => i.product._id));
      const sold = new Map(products.map((p) => [p._id, p]));
      /** What the order's lines make of `cart`: the quantities to set, and what to say. */
      const plan = (cart: CartItems) => {
        const added: string[] = [];
        const missing: string[] = [];
        const fewer: string[] = [];
        const quantities: Record<string, number> = {};
        for (const item of order.items) {
          const product = sold.get(item.product._id);
          if (!product || !product.inStock || product.stock <= 0) {
            missing.push(item.product.name);
            continue;
          }
          const inCart = cart[product._id] ?? 0;
          const wanted = Math.min(MAX_QUANTITY, inCart + item.quantity);
          const quantity = Math.min(wanted, Math.max(inCart, product.stock));
          if (quantity < wanted) fewer.push(product.name);
          if (quantity > inCart) {
            quantities[product._id] = quantity;
            added.push(product.name);
          } else missing.push(item.product.name);
        }
        return { quantities, added, missing, fewer };
      };
      // Added to the cart as it is when applied, not as it was when pressed: another press, or
      // another tab, may have changed it meanwhile. All lines at once, with one summary instead
      // of the cart's "Cart Updated" for each.
      setQuantities((cart) => plan(cart).quantities);
      const { added, missing, fewer } = plan(readCart());
      if (added.length === 0) {
        toast.error("None of these items can be ordered right now.");
        return;
      }
      toast.success(`Added to your cart: ${added.join(", ")}`);
      if (missing.length > 0)
        toast.error(`Not available now: ${missing.join(", ")}`, { duration: 6000 });
      if (fewer.length > 0) toast(`Fewer in stock than you ordered: ${fewer.join(", ")}`);
      void navigate("/cart");
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : "Could not order again");
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      onClick={() => void orderAgain()}
      disabled={busy}
      aria-label={`Order again: order ${orderNumber(order._id)}`}
      className="min-h-11 rounded border border-primary px-4 py-2 text-sm text-primary hover:bg-primary/10 disabled:opacity-60 md:min-h-9"
    >
      {busy ? "Adding…" : "Order again"}
    </button>
  );
}
