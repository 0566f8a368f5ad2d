import { Link } from "react-router";

export function Footer() {
  return (
    <footer className="mt-16 bg-primary/10 px-4 py-8 text-sm text-gray-600 md:px-8 lg:px-16 xl:px-24">
      <div className="flex flex-wrap justify-between gap-6">
        <p className="max-w-sm">
          We deliver fresh groceries and snacks straight to your door in under 30 minutes.
        </p>
        <div className="flex gap-4">
          <Link to="/about">About</Link>
          <Link to="/contact">Contact</Link>
        </div>
      </div>
      <p className="mt-6 text-center text-xs">
        © {new Date().getFullYear()} GreenCart. All rights reserved.
      </p>
    </footer>
  );
}
