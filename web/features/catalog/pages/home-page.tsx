import { lazy, Suspense } from "react";
import { Link } from "react-router";
import mainBanner from "virtual:art/mainBanner";
import mainBannerSmall from "virtual:art/mainBannerSmall";
import { heroSizes } from "virtual:art";
import { categories } from "../../../../contract/categories";
import { ArtPicture } from "../../../ui/art-picture";
import { homeBestSellers } from "../../../../contract/catalogue-urls";
import { useProductList } from "../../../lib/catalogue-api";
import { LoadError } from "../../../ui/load-error";
import {
  NOTHING_IN_STOCK,
  ProductCard,
  ProductGridSkeleton,
  productGridClass,
} from "../components/product-card";

const HomeMore = lazy(async () => ({
  default: (await import("../components/home-more")).HomeMore,
}));

// The "Deliver to" PIN check: its own small chunk, in a box that keeps its place meanwhile.
const DeliverTo = lazy(async () => ({
  default: (await import("../components/deliver-to")).DeliverTo,
}));
const deliverToPlace = <div className="mb-4 min-h-11" aria-hidden="true" />;

export function HomePage() {
  // The spec's Best Sellers (the first 5 in-stock products), asked for as such.
  const bestSellers = useProductList(homeBestSellers());
  return (
    <div className="py-6 md:py-10">
      <Suspense fallback={deliverToPlace}>
        <DeliverTo />
      </Suspense>
      {/* The hero: our drawing (the page's largest picture, preloaded with the HTML) and the
          text; a taller drawing on phones. Boxes are sized by CSS, so nothing shifts. Up to a
          wide screen the text comes first and the drawing below it (on phones its empty sky
          slides under the text, its top fading into the background), so the text never covers
          the basket however many lines it takes; on a wide screen the drawing fills a box at
          least as tall as the text beside it. */}
      <section className="relative isolate flex flex-col-reverse overflow-hidden rounded-2xl bg-[#e7f7ee] xl:block xl:min-h-[440px]">
        <ArtPicture
          picture={mainBanner}
          small={mainBannerSmall}
          alt=""
          sizes={heroSizes}
          priority
          className="relative -z-10 -mt-[52%] aspect-[720/900] w-full [mask-image:linear-gradient(to_bottom,transparent,black_30%)] md:mt-0 md:aspect-auto md:[mask-image:linear-gradient(to_bottom,transparent,black_10%)] xl:absolute xl:inset-0 xl:h-full xl:object-cover xl:object-right-bottom xl:[mask-image:none]"
        />
        <div className="px-6 pt-8 md:px-12 md:pt-12 xl:max-w-[50%] xl:px-14 xl:pt-20 xl:pb-10">
          <h1 className="text-[1.7rem] leading-tight font-bold text-gray-800 md:text-4xl 2xl:text-5xl">
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
        ) : bestSellers.data.length === 0 ? (
          // A new shop, or one sold out of everything for the moment.
          <p className="mt-6 text-gray-600">{NOTHING_IN_STOCK}</p>
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

      {/* Below the first screen: its own small chunk, fetched as the page settles, in a box
          that keeps its place so nothing shifts. */}
      <Suspense
        fallback={<div className="mt-14 min-h-[900px] md:min-h-[640px]" aria-hidden="true" />}
      >
        <HomeMore />
      </Suspense>
    </div>
  );
}
