import { Link } from "react-router";
import { ShopContact } from "./shop-contact";

export function Footer() {
  return (
    <footer className="mt-16 bg-primary/10 px-4 py-8 text-sm text-gray-600 md:px-8 lg:px-16 xl:px-24">
      <div className="flex flex-wrap justify-between gap-6">
        <p className="max-w-sm">
          We deliver fresh groceries and snacks straight to your door in under 30 minutes.
        </p>
        {/* Each link a full 44 px tap target. */}
        <div className="flex gap-4">
          <Link to="/about" className="inline-flex min-h-11 min-w-11 items-center justify-center">
            About
          </Link>
          <Link to="/contact" className="inline-flex min-h-11 min-w-11 items-center justify-center">
            Contact
          </Link>
        </div>
      </div>
      <ShopContact lead="Questions about an order?" className="mt-4" />
      <p className="mt-6 text-center text-xs">
        © {new Date().getFullYear()} GreenCart. All rights reserved.
      </p>
    </footer>
  );
}
