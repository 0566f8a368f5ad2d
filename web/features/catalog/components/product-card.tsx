import { memo, useEffect, useRef } from "react";
import { useAppReady } from "../../../ui/app-ready";
import { Link } from "react-router";
import { productPagePath } from "../../../../contract/catalogue-urls";
import type { Product } from "../../../../contract/product";
import { useCartActions, useCartQuantity } from "../../../lib/shown-cart";
import { mainPictureProps, thumbnail } from "../../../ui/images";
import { Price } from "../../../ui/price";
import { Stars } from "../../../ui/stars";

/** The grid every product list uses: 2 columns on a phone, up to 5 on a laptop. */
export const productGridClass =
  "mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-5 lg:grid-cols-5";

/** What an in-stock list with nothing in it says (a new shop, or one sold out for the moment). */
export const NOTHING_IN_STOCK = "Nothing is in stock right now. Please check back soon.";

/**
 * One product of a list. It draws again only when its own product, its quantity in the cart or the
 * app's readiness changes: not when another card's quantity does, nor when the list grows (a list
 * may hold thousands of cards, and every tap on one of them would draw them all again).
 */
export const ProductCard = memo(function ProductCard({
  product,
  eager = false,
}: {
  product: Product;
  eager?: boolean;
}) {
  const { addToCart, removeFromCart } = useCartActions();
  const ready = useAppReady();
  const inCart = useCartQuantity(product._id);
  // The Add button and the stepper replace each other: keep the keyboard where the shopper was
  // (on "+" after Add, on Add after the last "−"), never on nothing.
  const addButton = useRef<HTMLButtonElement>(null);
  const moreButton = useRef<HTMLButtonElement>(null);
  const movedBy = useRef<"add" | "less" | null>(null);
  useEffect(() => {
    if (movedBy.current === "add" && inCart > 0) moreButton.current?.focus();
    if (movedBy.current === "less" && inCart === 0) addButton.current?.focus();
    movedBy.current = null;
  }, [inCart]);
  const href = productPagePath(product);
  return (
    <div className="flex h-full flex-col rounded-md border border-gray-200 bg-white p-2.5 sm:p-3">
      <Link to={href} className="group flex flex-col">
        <img
          src={thumbnail(product.image[0])}
          alt={product.name}
          width={160}
          height={160}
          loading={eager ? "eager" : "lazy"}
          {...mainPictureProps(eager)}
          className="mx-auto aspect-square w-28 object-contain transition group-hover:scale-105 md:w-36"
        />
        <p className="mt-2 text-sm text-gray-500">{product.category}</p>
        <p className="card-name text-base font-medium text-gray-800">{product.name}</p>
        {/* The same line height with or without a weight, so cards in a row stay aligned. */}
        <p className="h-5 text-sm text-gray-500">{product.weight ?? ""}</p>
      </Link>
      <Stars />
      {/* Price and the out-of-stock label stay on one line down to a 360 px phone (two cards a
          row); there the Add button and the stepper take a full-width row of their own. */}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-x-1 gap-y-2 pt-2">
        <Price
          offerPrice={product.offerPrice}
          price={product.price}
          className="min-w-0 text-sm whitespace-nowrap text-primary sm:text-base md:text-lg"
        />
        {!product.inStock ? (
          <span className="shrink-0 rounded bg-gray-100 px-1.5 py-1 text-xs whitespace-nowrap text-gray-600">
            Out of stock
          </span>
        ) : inCart === 0 ? (
          <button
            ref={addButton}
            type="button"
            disabled={!ready}
            onClick={() => {
              movedBy.current = "add";
              addToCart(product);
            }}
            className="h-11 w-full rounded border border-primary/40 bg-primary/10 px-3 text-sm text-primary sm:w-auto md:h-9"
            aria-label={`Add ${product.name} to cart`}
          >
            Add
          </button>
        ) : (
          <QuantityStepper
            name={product.name}
            quantity={inCart}
            moreButton={moreButton}
            onLess={() => {
              movedBy.current = "less";
              removeFromCart(product._id);
            }}
            onMore={() => addToCart(product)}
          />
        )}
      </div>
    </div>
  );
});

/** − n +, each button a full tap target; the count is announced as it changes. */
function QuantityStepper({
  name,
  quantity,
  moreButton,
  onLess,
  onMore,
}: {
  name: string;
  quantity: number;
  moreButton: React.Ref<HTMLButtonElement>;
  onLess: () => void;
  onMore: () => void;
}) {
  const ready = useAppReady();
  return (
    <div
      role="group"
      className="flex w-full items-center justify-between rounded bg-primary/20 text-sm sm:w-auto"
      aria-label={`${name} in cart`}
    >
      <button
        type="button"
        disabled={!ready}
        onClick={onLess}
        aria-label={`Remove one ${name}`}
        className="flex h-11 w-11 items-center justify-center rounded hover:bg-primary/20 md:h-9 md:w-9"
      >
        −
      </button>
      <span aria-live="polite" className="min-w-4 text-center">
        {quantity}
      </span>
      <button
        ref={moreButton}
        type="button"
        disabled={!ready}
        onClick={onMore}
        aria-label={`Add one more ${name}`}
        className="flex h-11 w-11 items-center justify-center rounded hover:bg-primary/20 md:h-9 md:w-9"
      >
        +
      </button>
    </div>
  );
}

export function ProductGridSkeleton({ count = 10 }: { count?: number }) {
  return (
    <ul className={productGridClass} aria-busy="true" aria-label="Loading products">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="h-72 animate-pulse rounded-md bg-gray-100" />
      ))}
    </ul>
  );
}
