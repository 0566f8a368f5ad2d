import bottomBanner from "virtual:art/bottomBanner";
import { useAppReadyOnceHydrated } from "../../../ui/app-ready";
import bottomBannerSmall from "virtual:art/bottomBannerSmall";
import { heroSizes } from "virtual:art";
import { ArtPicture } from "../../../ui/art-picture";
import { iconBase } from "../../../ui/icons";

const features = [
  {
    title: "Fastest Delivery",
    description: "Groceries delivered in under 30 minutes.",
  },
  {
    title: "Freshness Guaranteed",
    description: "Fresh produce straight from the source.",
  },
  {
    title: "Affordable Prices",
    description: "Quality groceries at unbeatable prices.",
  },
  { title: "Trusted by Thousands", description: "Loved by 10,000+ happy customers." },
];

/** The home page below its first screen: why shop here (the bottom banner) and the newsletter. */
export function HomeMore() {
  // Its code comes after the page's: often once the app already runs the page.
  const ready = useAppReadyOnceHydrated();
  return (
    <>
      {/* The bottom banner: the drawing, with the list beside it on wide screens and below it
            on phones. */}
      <section
        className="relative mt-14 overflow-hidden rounded-2xl bg-[#e7f7ee] md:min-h-[420px]"
        aria-labelledby="why-title"
      >
        <div className="aspect-[720/560] md:absolute md:inset-0 md:aspect-auto">
          <ArtPicture
            picture={bottomBanner}
            small={bottomBannerSmall}
            alt="A GreenCart rider on the way with a bag of groceries"
            sizes={heroSizes}
            className="h-full w-full object-cover object-left-bottom"
          />
        </div>
        <div className="relative px-6 py-8 md:ml-auto md:w-1/2 md:py-10 md:pr-12 lg:w-3/5">
          <h2 id="why-title" className="text-2xl font-medium text-gray-800 lg:text-3xl">
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
            disabled={!ready}
            className="h-12 rounded-r-md bg-primary px-6 text-white hover:bg-primary-dull md:px-10"
          >
            Subscribe
          </button>
        </form>
      </section>
    </>
  );
}

function CheckIcon({ size = 28 }: { size?: number }) {
  return (
    <svg {...iconBase} width={size} height={size} viewBox="0 0 24 24">
      <circle cx="12" cy="12" r="10" />
      <path d="m8 12 3 3 5-6" />
    </svg>
  );
}
