import { Link } from "react-router";
import { usePageTitle } from "./page-title";

export function NotFoundPage() {
  usePageTitle("Page not found");
  return (
    <section className="flex flex-col items-center gap-4 py-24 text-center">
      <h1 className="text-3xl font-semibold text-gray-800">Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link
        to="/products"
        className="inline-flex min-h-11 items-center rounded bg-primary px-6 text-white hover:bg-primary-dull"
      >
        Browse products
      </Link>
    </section>
  );
}
