import { useParams } from "react-router";
import { findCategory } from "../../../../contract/categories";
import { useProducts } from "../../../app/products";
import { ProductCard, ProductGridSkeleton } from "../components/product-card";
import { LoadError } from "../../../ui/load-error";

export function CategoryPage() {
  const { category = "" } = useParams();
  const info = findCategory(category);
  const products = useProducts();
  const list = (products.data ?? []).filter(
    (p) => p.category.toLowerCase() === category.toLowerCase(),
  );
  return (
    <section className="py-8">
      <h1 className="text-2xl font-medium uppercase">{info?.text ?? category}</h1>
      <div className="h-0.5 w-16 rounded-full bg-primary" />
      {products.isPending ? (
        <ProductGridSkeleton />
      ) : products.isError ? (
        <LoadError what="products" onRetry={() => void products.refetch()} />
      ) : list.length === 0 ? (
        <p className="mt-10 text-center text-xl font-medium text-primary">
          No products found in this category.
        </p>
      ) : (
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-5 lg:grid-cols-5">
          {list.map((p, i) => (
            <li key={p._id}>
              <ProductCard product={p} eager={i < 5} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
