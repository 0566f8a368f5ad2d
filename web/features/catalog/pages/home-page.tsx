import { Link } from "react-router";
import { categories } from "../../../../contract/categories";
import { useProducts } from "../api";

export function HomePage() {
  const products = useProducts();
  const bestSellers = (products.data ?? []).filter((p) => p.inStock).slice(0, 5);
  return (
    <div className="py-8">
      <section className="rounded-2xl bg-primary/10 px-6 py-12 md:px-12">
        <h1 className="max-w-xl text-3xl font-bold text-gray-800 md:text-5xl">
          Freshness You Can Trust, Savings You will Love!
        </h1>
        <div className="mt-6 flex gap-4">
          <Link
            to="/products"
            className="rounded bg-primary px-7 py-3 text-white hover:bg-primary-dull"
          >
            Shop now
          </Link>
          <Link to="/products" className="rounded px-7 py-3 font-medium">
            Explore deals
          </Link>
        </div>
      </section>

      <section className="mt-12">
        <h2 className="text-2xl font-medium md:text-3xl">Categories</h2>
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-7">
          {categories.map((c) => (
            <li key={c.path}>
              <Link
                to={`/products/${c.path.toLowerCase()}`}
                className="flex flex-col items-center gap-2 rounded-lg p-4"
                style={{ backgroundColor: c.bgColor }}
              >
                <img src={c.image} alt="" width={96} height={96} className="h-24 w-24" />
                <span className="text-sm font-medium">{c.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="mt-12">
        <h2 className="text-2xl font-medium md:text-3xl">Best Sellers</h2>
        {products.isPending ? (
          <p className="mt-6">Loading…</p>
        ) : (
          <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
            {bestSellers.map((p) => (
              <li key={p._id} className="rounded-md border border-gray-200 p-3">
                <img
                  src={p.image[0]?.replace("-large.webp", "-thumb.webp")}
                  alt={p.name}
                  width={160}
                  height={160}
                  className="mx-auto h-32 w-32"
                />
                <p className="mt-2 font-medium">{p.name}</p>
                <p className="text-primary">₹{p.offerPrice}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
