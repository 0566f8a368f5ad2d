import { useAppReady } from "../../../ui/app-ready";
import { Link, useNavigate, useParams } from "react-router";
import { relatedProducts } from "../../../../contract/catalogue-urls";
import { findCategory } from "../../../../contract/categories";
import { useCartActions } from "../../../lib/shown-cart";
import { formatRupees } from "../../../../contract/money";
import { Stars } from "../../../ui/stars";
import { useProduct, useProductList } from "../../../lib/catalogue-api";
import { ProductGallery } from "../components/product-gallery";
import { RelatedProducts } from "../components/related-products";
import { usePageTitle } from "../../../ui/page-title";
import { lazy, Suspense } from "react";

const DeliverTo = lazy(async () => ({
  default: (await import("../components/deliver-to")).DeliverTo,
}));
const deliverToPlace = <div className="mb-4 min-h-11" aria-hidden="true" />;

export function ProductPage() {
  const { id = "", category = "" } = useParams();
  // The product by id, and its related products asked for at once (same category as the URL's,
  // which the server also fetched for the first screen): no waterfall.
  const found = useProduct(id);
  const urlCategory = findCategory(category)?.path;
  // A product without a category has none to relate it to.
  const relatedCategory = found.data ? (found.data.category ?? undefined) : urlCategory;
  const related = useProductList(
    relatedProducts(relatedCategory ?? "Vegetables"),
    relatedCategory !== undefined,
  );
  const { addToCart } = useCartActions();
  const ready = useAppReady();
  const navigate = useNavigate();
  const product = found.data;
  usePageTitle(found.isPending ? undefined : (product?.name ?? "Product not found"));

  if (found.isPending)
    return (
      <div
        className="mt-12 h-96 animate-pulse rounded-lg bg-gray-100"
        role="progressbar"
        aria-busy="true"
        aria-label="Loading product"
      />
    );
  if (!product) {
    return (
      <section className="py-16 text-center">
        <h1 className="text-2xl font-medium">Product not found</h1>
        <Link to="/products" className="mt-4 inline-block text-primary underline">
          Browse all products
        </Link>
      </section>
    );
  }
  const others = (related.data ?? []).filter((p) => p._id !== product._id).slice(0, 5);
  const shelf = product.category && findCategory(product.category);

  return (
    <div className="py-8">
      <Suspense fallback={deliverToPlace}>
        <DeliverTo />
      </Suspense>
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/">Home</Link> / <Link to="/products">Products</Link> /{" "}
        {shelf && (
          <>
            <Link to={`/products/${shelf.path.toLowerCase()}`}>{shelf.text}</Link> /{" "}
          </>
        )}
        <span className="text-primary">{product.name}</span>
      </nav>
      <div className="mt-4 flex flex-col gap-10 md:flex-row md:gap-16">
        <ProductGallery product={product} ready={ready} />
        <div className="w-full text-sm md:w-1/2">
          <h1 className="text-3xl font-medium text-gray-800">{product.name}</h1>
          <div className="mt-1">
            <Stars />
          </div>
          <ProductPrices price={product.price} offerPrice={product.offerPrice} />
          {product.description.length > 0 && (
            <>
              <h2 className="mt-6 text-base font-medium">About Product</h2>
              <ul className="ml-4 list-disc text-gray-600">
                {product.description.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          )}
          {product.weight && <p className="mt-3 text-gray-600">Pack size: {product.weight}</p>}
          {!product.inStock && <p className="mt-4 font-medium text-red-600">Out of stock</p>}
          <div className="mt-8 flex items-center gap-4 text-base">
            <button
              disabled={!product.inStock || !ready}
              onClick={() => addToCart(product)}
              className="w-full rounded bg-gray-100 py-3.5 font-medium text-gray-800 transition hover:bg-gray-200 disabled:cursor-not-allowed disabled:opacity-50"
            >
              Add to Cart
            </button>
            <button
              disabled={!product.inStock || !ready}
              onClick={() => {
                addToCart(product);
                void navigate("/cart");
              }}
              className="w-full rounded bg-primary py-3.5 font-medium text-white transition hover:bg-primary-dull disabled:cursor-not-allowed disabled:opacity-50"
            >
              Buy now
            </button>
          </div>
        </div>
      </div>
      {product.category ? (
        <RelatedProducts others={others} pending={related.isPending} failed={related.isError} />
      ) : (
        <p className="mt-16 text-center">
          <Link
            to="/products"
            className="inline-block rounded border border-primary px-12 py-2.5 text-primary hover:bg-primary/10"
          >
            See more
          </Link>
        </p>
      )}
    </div>
  );
}

/**
 * The price as the spec shows it, labelled MRP: the offer price under the struck-through price
 * when there is a discount, the one price alone when there is none.
 */
function ProductPrices({ price, offerPrice }: { price: number; offerPrice: number }) {
  const discounted = offerPrice < price;
  return (
    <div className="mt-6">
      {discounted && (
        <p className="text-gray-500 line-through">
          <span className="sr-only">Was </span>MRP: {formatRupees(price)}
        </p>
      )}
      <p className="text-2xl font-medium">
        {discounted && <span className="sr-only">Now </span>}MRP: {formatRupees(offerPrice)}
      </p>
      <span className="text-gray-500">(inclusive of all taxes)</span>
    </div>
  );
}
