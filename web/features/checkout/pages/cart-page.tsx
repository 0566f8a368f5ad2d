import { useMemo, useRef, useState } from "react";
import toast from "react-hot-toast";
import { Link, useNavigate } from "react-router";
import type { Address } from "../../../../contract/address";
import { ApiError } from "../../../app/api-client";
import { cartTotal, quantityOptions } from "../../../app/cart-rules";
import { useProductsByIds } from "../../../app/products";
import { useStore } from "../../../app/store";
import { thumbnail } from "../../../ui/images";
import { formatRupees } from "../../../ui/money";
import { placeOrder, useAddresses } from "../api";
import { AddressPicker } from "../components/address-picker";

export function CartPage() {
  const { user, sessionChecked, cart, updateCart, removeFromCart, clearCart, setShowLogin } =
    useStore();
  // Only the cart's products, by id: the cart costs the same whatever the catalogue's size.
  const products = useProductsByIds(Object.keys(cart));
  const addresses = useAddresses(Boolean(user));
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<Address | undefined>(undefined);
  const [payment, setPayment] = useState<"COD" | "Online">("COD");
  const [placing, setPlacing] = useState(false);
  // One key per checkout attempt of this cart, reused if the same cart is retried.
  const attempt = useRef<{ cart: string; key: string } | null>(null);

  const lines = useMemo(
    () =>
      Object.entries(cart).flatMap(([id, quantity]) => {
        const product = products.data?.find((p) => p._id === id);
        return product ? [{ product, quantity }] : [];
      }),
    [products.data, cart],
  );
  const selected = chosen ?? addresses.data?.[0];
  const total = cartTotal(
    lines.map((l) => ({ offerPrice: l.product.offerPrice, quantity: l.quantity })),
  );

  const checkout = async () => {
    if (!user) return setShowLogin(true);
    if (!selected) return toast.error("Please select an address");
    const unavailable = lines.find((l) => !l.product.inStock);
    if (unavailable)
      return toast.error(
        `${unavailable.product.name} is out of stock. Remove it to place your order.`,
      );
    const items = lines.map((l) => ({ product: l.product._id, quantity: l.quantity }));
    const cartKey = JSON.stringify(items);
    if (attempt.current?.cart !== cartKey)
      attempt.current = { cart: cartKey, key: crypto.randomUUID() };
    setPlacing(true);
    try {
      const answer = await placeOrder(
        payment === "COD" ? "cod" : "online",
        { items, address: selected._id },
        attempt.current.key,
      );
      if (payment === "Online" && answer.url) {
        window.location.replace(answer.url);
        return;
      }
      toast.success(answer.message ?? "Order Placed Successfully");
      attempt.current = null;
      clearCart();
      void navigate("/my-orders");
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : "Could not place the order");
      if (error instanceof ApiError && error.code === "out_of_stock") void products.refetch();
    } finally {
      setPlacing(false);
    }
  };

  if (products.isPending && Object.keys(cart).length > 0)
    return (
      <div
        className="mt-12 h-96 animate-pulse rounded-lg bg-gray-100"
        aria-busy="true"
        aria-label="Loading cart"
      />
    );
  if (lines.length === 0) {
    return (
      <section className="flex flex-col items-center gap-4 py-24 text-center">
        <h1 className="text-2xl font-medium">Your cart is empty</h1>
        <p className="text-gray-600">Add fresh groceries and they will show up here.</p>
        <Link
          to="/products"
          className="rounded bg-primary px-8 py-3 text-white hover:bg-primary-dull"
        >
          Continue Shopping
        </Link>
      </section>
    );
  }

  return (
    <div className="mt-10 flex flex-col gap-10 md:flex-row">
      <section className="max-w-4xl flex-1">
        <h1 className="mb-6 text-3xl font-medium">
          Shopping Cart{" "}
          <span className="text-sm text-primary">
            {lines.length} {lines.length === 1 ? "Item" : "Items"}
          </span>
        </h1>
        <div className="hidden grid-cols-[2fr_1fr_1fr] pb-3 text-base font-medium text-gray-500 md:grid">
          <p className="text-left">Product Details</p>
          <p className="text-center">Subtotal</p>
          <p className="text-center">Action</p>
        </div>
        <ul>
          {lines.map(({ product, quantity }) => (
            <li
              key={product._id}
              className="grid grid-cols-[2fr_1fr_1fr] items-center border-t border-gray-200 pt-3 pb-3 text-sm md:text-base"
            >
              <div className="flex items-center gap-3 md:gap-6">
                <Link
                  to={`/products/${product.category.toLowerCase()}/${product._id}`}
                  className="flex h-20 w-20 shrink-0 items-center justify-center overflow-hidden rounded border border-gray-300 md:h-24 md:w-24"
                >
                  <img
                    src={thumbnail(product.image[0])}
                    alt={product.name}
                    width={96}
                    height={96}
                    className="h-full w-full object-contain"
                  />
                </Link>
                <div>
                  <p className="font-semibold">{product.name}</p>
                  <p className="text-gray-500">Weight: {product.weight ?? "N/A"}</p>
                  <label className="flex items-center gap-1 text-gray-500">
                    Qty:
                    <select
                      value={quantity}
                      onChange={(e) => updateCart(product._id, Number(e.target.value))}
                      className="rounded outline-none focus-visible:ring-2 focus-visible:ring-primary"
                      aria-label={`Quantity of ${product.name}`}
                    >
                      {quantityOptions(quantity).map((n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </select>
                  </label>
                  {!product.inStock && (
                    <p className="flex flex-wrap items-center gap-2 text-red-600">
                      Out of stock
                      <button
                        onClick={() => updateCart(product._id, 0)}
                        className="rounded border border-red-300 px-2 text-xs hover:bg-red-50"
                      >
                        Remove from cart
                      </button>
                    </p>
                  )}
                </div>
              </div>
              <p className="text-center">{formatRupees(product.offerPrice * quantity)}</p>
              <button
                onClick={() => removeFromCart(product._id)}
                className="mx-auto rounded px-2 py-1 text-red-600 hover:bg-red-50"
                aria-label={`Remove ${product.name}`}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
        <Link
          to="/products"
          className="mt-8 inline-flex items-center gap-2 font-medium text-primary"
        >
          ← Continue Shopping
        </Link>
      </section>

      <aside
        className="h-fit w-full max-w-[360px] border border-gray-300/70 bg-gray-100/40 p-5 max-md:mt-4"
        aria-labelledby="summary-title"
      >
        <h2 id="summary-title" className="text-xl font-medium">
          Order Summary
        </h2>
        <hr className="my-5 border-gray-300" />
        <p className="text-sm font-medium uppercase">Delivery Address</p>
        {!sessionChecked ? (
          <p className="mt-2 h-5 animate-pulse rounded bg-gray-200" />
        ) : user ? (
          addresses.isPending ? (
            <p className="mt-2 h-5 animate-pulse rounded bg-gray-200" />
          ) : (
            <AddressPicker
              addresses={addresses.data ?? []}
              selected={selected}
              onSelect={setChosen}
            />
          )
        ) : (
          <p className="mt-2 text-gray-600">Log in to choose a delivery address.</p>
        )}
        <label className="mt-6 block text-sm font-medium uppercase">
          Payment Method
          <select
            value={payment}
            onChange={(e) => setPayment(e.target.value as "COD" | "Online")}
            className="mt-2 w-full border border-gray-300 bg-white px-3 py-2 font-normal normal-case outline-none focus:border-primary focus:ring-2 focus:ring-primary/40"
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
          <div className="flex justify-between">
            <dt>Shipping Fee</dt>
            <dd className="text-primary">Free</dd>
          </div>
          <div className="mt-3 flex justify-between text-lg font-medium">
            <dt>Total Amount:</dt>
            <dd>{formatRupees(total)}</dd>
          </div>
        </dl>
        <button
          onClick={() => void checkout()}
          disabled={placing}
          className="mt-6 w-full bg-primary py-3 font-medium text-white transition hover:bg-primary-dull disabled:opacity-60"
        >
          {placing ? "Please wait…" : payment === "COD" ? "Place Order" : "Proceed to Checkout"}
        </button>
      </aside>
    </div>
  );
}
