import { Link, NavLink } from "react-router";

export function Navbar() {
  return (
    <nav className="sticky top-0 z-30 flex items-center justify-between border-b border-gray-200 bg-white px-4 py-3 md:px-8 lg:px-16 xl:px-24">
      <Link
        to="/"
        className="flex items-center gap-2 text-xl font-semibold text-primary"
        aria-label="GreenCart home"
      >
        <img src="/favicon.svg" alt="" width={28} height={28} />
        GreenCart
      </Link>
      <div className="flex items-center gap-6 text-sm">
        <NavLink to="/">Home</NavLink>
        <NavLink to="/products">All Product</NavLink>
        <NavLink to="/about">About Us</NavLink>
        <NavLink to="/cart" aria-label="Cart">
          Cart
        </NavLink>
      </div>
    </nav>
  );
}
