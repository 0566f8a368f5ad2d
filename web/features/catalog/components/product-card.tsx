import { Link } from "react-router";
import type { Product } from "../../../../contract/product";
import { useStore } from "../../../app/store";
import { thumbnail } from "../../../ui/images";
import { formatRupees } from "../../../ui/money";
import { Stars } from "../../../ui/stars";

export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  const { cart, addToCart, removeFromCart } = useStore();
  const inCart = cart[product._id] ?? 0;
  const href = `/products/${product.category.toLowerCase()}/${product._id}`;
  return (
    <div className="flex flex-col rounded-md border border-gray-200 bg-white p-3">
      <Link to={href} className="group flex flex-col">
        <img
          src={thumbnail(product.image[0])}
          alt={product.name}
          width={160}
          height={160}
          loading={eager ? "eager" : "lazy"}
          className="mx-auto aspect-square w-28 object-contain transition group-hover:scale-105 md:w-36"
        />
        <p className="mt-2 text-sm text-gray-500">{product.category}</p>
        <p className="truncate text-base font-medium text-gray-800">{product.name}</p>
      </Link>
      <Stars />
      <div className="mt-2 flex items-end justify-between gap-2">
        <p className="text-primary md:text-lg">
          {formatRupees(product.offerPrice)}{" "}
          <span className="text-xs text-gray-500 line-through">{formatRupees(product.price)}</span>
        </p>
        {!product.inStock ? (
          <span className="rounded bg-gray-100 px-2 py-1 text-xs text-gray-600">Out of stock</span>
        ) : inCart === 0 ? (
          <button
            onClick={() => addToCart(product._id)}
            className="rounded border border-primary/40 bg-primary/10 px-3 py-1 text-sm text-primary"
            aria-label={`Add ${product.name} to cart`}
          >
            Add
          </button>
        ) : (
          <div
            className="flex items-center gap-1 rounded bg-primary/20 text-sm"
            aria-label={`${product.name} in cart`}
          >
            <button
              onClick={() => removeFromCart(product._id)}
              aria-label={`Remove one ${product.name}`}
              className="flex h-8 w-8 items-center justify-center rounded hover:bg-primary/20"
            >
              −
            </button>
            <span aria-live="polite">{inCart}</span>
            <button
              onClick={() => addToCart(product._id)}
              aria-label={`Add one more ${product.name}`}
              className="flex h-8 w-8 items-center justify-center rounded hover:bg-primary/20"
            >
              +
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

export function ProductGridSkeleton({ count = 10 }: { count?: number }) {
  return (
    <ul
      className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5"
      aria-busy="true"
      aria-label="Loading products"
    >
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="h-64 animate-pulse rounded-md bg-gray-100" />
      ))}
    </ul>
  );
}
