import { Link } from "react-router";
import type { Product } from "../../../../contract/product";
import { ProductCard, ProductGridSkeleton, productGridClass } from "./product-card";

/**
 * Under a product: others of its category in stock (`others`, once `pending` is over), or why
 * there are none (`failed`: they could not be read), and the way to every product.
 */
export function RelatedProducts({
  others,
  pending,
  failed,
}: {
  others: Product[];
  pending: boolean;
  failed: boolean;
}) {
  return (
    <section className="mt-16 flex flex-col items-center" aria-labelledby="related-title">
      <h2 id="related-title" className="text-2xl font-medium">
        Related Products
      </h2>
      <div className="h-0.5 w-20 rounded-full bg-primary" />
      {pending ? (
        <ProductGridSkeleton count={5} />
      ) : others.length === 0 ? (
        // A new shop, a category of one, or the answer lost: say so rather than a blank space.
        <p className="mt-6 text-gray-600">
          {failed
            ? "Related products could not be loaded."
            : "No other products of this category are in stock right now."}
        </p>
      ) : (
        <ul className={`${productGridClass} w-full`}>
          {others.map((p) => (
            <li key={p._id}>
              <ProductCard product={p} />
            </li>
          ))}
        </ul>
      )}
      <Link
        to="/products"
        className="mt-8 rounded border border-primary px-12 py-2.5 text-primary hover:bg-primary/10"
      >
        See more
      </Link>
    </section>
  );
}
