import { Link } from "react-router";
import art from "virtual:art";
import { categories } from "../../../../contract/categories";
import { ArtPicture } from "../../../ui/art-picture";
import { CheckIcon } from "../../../ui/icons";
import { homeBestSellers } from "../../../../contract/catalogue-urls";
import { useProductList } from "../../../lib/catalogue-api";
import { LoadError } from "../../../ui/load-error";
import { ProductCard, ProductGridSkeleton, productGridClass } from "../components/product-card";

const features = [
  {
    icon: "🚚",
    title: "Fastest Delivery",
    description: "Groceries delivered in under 30 minutes.",
  },
  {
    icon: "🥬",
    title: "Freshness Guaranteed",
    description: "Fresh produce straight from the source.",
  },
  {
    icon: "💰",
    title: "Affordable Prices",
    description: "Quality groceries at unbeatable prices.",
  },
  { title: "Trusted by Thousands", description: "Loved by 10,000+ happy customers." },
];

export function HomePage() {
  // The spec's Best Sellers (the first 5 in-stock products), asked for as such.
  const bestSellers = useProductList(homeBestSellers());
  return (
    <div className="py-6 md:py-10">
      {/* The hero: our drawing (the page's largest picture, preloaded with the HTML) under the
          text; a taller drawing on phones. Its box is sized by CSS, so nothing shifts. */}
      <section className="relative isolate aspect-[720/900] overflow-hidden rounded-2xl bg-[#e7f7ee] md:aspect-auto md:h-[380px] lg:h-[440px]">
        <ArtPicture
          picture={art.mainBanner}
          small={art.mainBannerSmall}
          alt=""
          sizes={art.heroSizes}
          priority
          className="absolute inset-0 -z-10 h-full w-full object-cover object-right-bottom"
        />
        <div className="px-6 pt-8 md:max-w-[50%] md:px-12 md:pt-16 lg:px-14 lg:pt-20">
          <h1 className="text-[1.7rem] leading-tight font-bold text-gray-800 md:text-4xl lg:text-5xl">
            Freshness You Can Trust, Savings You will Love!
          </h1>
          <p className="mt-3 max-w-md text-gray-700">
            Fresh groceries and snacks at your door in under 30 minutes.
          </p>
          <div className="mt-5 flex flex-wrap items-center gap-3 font-medium md:mt-6 md:gap-4">
            <Link
              to="/products"
              className="flex min-h-11 items-center rounded bg-primary px-7 text-white transition hover:bg-primary-dull"
            >
              Shop now
            </Link>
            <Link
              to="/products"
              className="flex min-h-11 items-center rounded px-4 text-gray-800 underline-offset-4 hover:underline"
            >
              Explore deals →
            </Link>
          </div>
        </div>
      </section>

      <section className="mt-12" aria-labelledby="categories-title">
        <h2 id="categories-title" className="text-2xl font-medium md:text-3xl">
          Categories
        </h2>
        <ul className="mt-6 grid grid-cols-3 gap-3 sm:grid-cols-4 md:gap-5 lg:grid-cols-7">
          {categories.map((c) => (
            <li key={c.path}>
              <Link
                to={`/products/${c.path.toLowerCase()}`}
                className="group flex h-full flex-col items-center gap-2 rounded-lg px-2 py-5 text-center"
                style={{ backgroundColor: c.bgColor }}
              >
                <img
                  src={c.image}
                  alt=""
                  width={80}
                  height={80}
                  className="h-16 w-16 transition group-hover:scale-110 md:h-20 md:w-20"
                />
                <span className="text-sm font-medium text-gray-800">{c.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="mt-12" aria-labelledby="best-title">
        <h2 id="best-title" className="text-2xl font-medium md:text-3xl">
          Best Sellers
        </h2>
        {bestSellers.isPending ? (
          <ProductGridSkeleton count={5} />
        ) : bestSellers.isError ? (
          <LoadError what="products" onRetry={() => void bestSellers.refetch()} />
        ) : (
          <ul className={productGridClass}>
            {bestSellers.data.map((p) => (
              <li key={p._id}>
                <ProductCard product={p} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {/* The bottom banner: the drawing, with the list beside it on wide screens and below it
          on phones. */}
      <section
        className="relative mt-14 overflow-hidden rounded-2xl bg-[#e7f7ee] md:h-[420px]"
        aria-labelledby="why-title"
      >
        <div className="aspect-[720/560] md:absolute md:inset-0 md:aspect-auto">
          <ArtPicture
            picture={art.bottomBanner}
            small={art.bottomBannerSmall}
            alt="A GreenCart rider on the way with a bag of groceries"
            sizes={art.heroSizes}
            className="h-full w-full object-cover object-left-bottom"
          />
        </div>
        <div className="relative px-6 py-8 md:ml-auto md:w-1/2 md:py-10 md:pr-12">
          <h2 id="why-title" className="text-2xl font-medium text-gray-800 md:text-3xl">
            Why We Are the Best?
          </h2>
          <ul className="mt-6 grid gap-5">
            {features.map((f) => (
              <li key={f.title} className="flex items-start gap-4">
                <span className="text-primary">
                  <CheckIcon />
                </span>
                <div>
                  <h3 className="text-lg font-semibold text-gray-800">{f.title}</h3>
                  <p className="text-gray-700">{f.description}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        className="mt-14 flex flex-col items-center gap-3 text-center"
        aria-labelledby="news-title"
      >
        <h2 id="news-title" className="text-2xl font-semibold md:text-4xl">
          Never Miss a Deal!
        </h2>
        <p className="text-gray-600">
          Subscribe to get the latest offers, new arrivals, and exclusive discounts
        </p>
        <form className="mt-2 flex w-full max-w-xl" onSubmit={(e) => e.preventDefault()}>
          <label className="sr-only" htmlFor="newsletter-email">
            Email address
          </label>
          <input
            id="newsletter-email"
            type="email"
            required
            placeholder="Enter your email id"
            className="h-12 min-w-0 flex-1 rounded-l-md border border-gray-300 px-3 outline-none focus:border-primary focus:ring-2 focus:ring-primary/40"
          />
          <button
            type="submit"
            className="h-12 rounded-r-md bg-primary px-6 text-white hover:bg-primary-dull md:px-10"
          >
            Subscribe
          </button>
        </form>
      </section>
    </div>
  );
}
