import { Link, useParams } from "react-router";
import { categoryPage } from "../../../../contract/catalogue-urls";
import { categories, findCategory } from "../../../../contract/categories";
import { PagedProducts } from "../components/paged-products";
import { usePageTitle } from "../../../ui/page-title";

const empty = (
  <p className="mt-10 text-center text-xl font-medium text-primary">
    No products found in this category.
  </p>
);

/** The other categories, as a way on from one with nothing to show. */
function CategoryLinks({ except }: { except?: string }) {
  return (
    <>
      <p className="mt-6 text-center text-gray-600">We have these categories:</p>
      <ul className="mt-3 flex flex-wrap justify-center gap-3">
        {categories
          .filter((c) => c.path !== except)
          .map((c) => (
            <li key={c.path}>
              <Link
                to={`/products/${c.path.toLowerCase()}`}
                className="inline-flex min-h-11 items-center rounded-full border border-primary px-4 text-primary hover:bg-primary/10"
              >
                {c.text}
              </Link>
            </li>
          ))}
      </ul>
      <p className="mt-6 text-center">
        <Link to="/products" className="inline-block text-primary underline">
          Browse all products
        </Link>
      </p>
    </>
  );
}

export function CategoryPage() {
  const { category = "" } = useParams();
  const info = findCategory(category);
  usePageTitle(info?.text ?? "Category not found");
  // A mistyped or old address names no category: say so, and offer the ones there are.
  if (!info) return <UnknownCategory />;
  return (
    <section className="py-8">
      <h1 className="text-2xl font-medium uppercase">{info.text}</h1>
      <div className="h-0.5 w-16 rounded-full bg-primary" />
      <PagedProducts
        firstPage={categoryPage(info.path)}
        empty={
          <>
            {empty}
            <CategoryLinks except={info.path} />
          </>
        }
      />
    </section>
  );
}

function UnknownCategory() {
  return (
    <section className="py-16 text-center">
      <h1 className="text-2xl font-medium">Category not found</h1>
      {empty}
      <CategoryLinks />
    </section>
  );
}
