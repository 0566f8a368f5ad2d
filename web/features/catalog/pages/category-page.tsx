import { useParams } from "react-router";
import { categoryPage } from "../../../../contract/catalogue-urls";
import { findCategory } from "../../../../contract/categories";
import { PagedProducts } from "../components/paged-products";

export function CategoryPage() {
  const { category = "" } = useParams();
  const info = findCategory(category);
  const empty = (
    <p className="mt-10 text-center text-xl font-medium text-primary">
      No products found in this category.
    </p>
  );
  return (
    <section className="py-8">
      <h1 className="text-2xl font-medium uppercase">{info?.text ?? category}</h1>
      <div className="h-0.5 w-16 rounded-full bg-primary" />
      {info ? <PagedProducts firstPage={categoryPage(info.path)} empty={empty} /> : empty}
    </section>
  );
}
