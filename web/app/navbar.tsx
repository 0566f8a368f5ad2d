import { useEffect, useState } from "react";
import { Link, NavLink, useNavigate } from "react-router";
import { CartIcon, MenuIcon, UserIcon } from "../ui/icons";
import { countItems } from "./cart-rules";
import { useStore } from "./store";

export function Navbar() {
  const { user, cart, setShowLogin, logout } = useStore();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const count = countItems(cart);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  const onSearch = (value: string) => {
    setSearch(value);
    if (value.length > 0) void navigate(`/products?search=${encodeURIComponent(value)}`);
  };
  const doLogout = async () => {
    setOpen(false);
    await logout();
    void navigate("/");
  };

  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white">
      <nav
        aria-label="Main"
        className="flex items-center justify-between gap-4 px-4 py-3 md:px-8 lg:px-16 xl:px-24"
      >
        <Link
          to="/"
          className="flex items-center gap-2 text-xl font-semibold text-gray-800"
          aria-label="GreenCart home"
        >
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>
            Green<span className="text-primary">Cart</span>
          </span>
        </Link>
        <div className="hidden items-center gap-6 sm:flex">
          <NavLink to="/">Home</NavLink>
          <NavLink to="/products">All Product</NavLink>
          <NavLink to="/about">About Us</NavLink>
          <label className="hidden items-center gap-2 rounded-full border border-gray-300 px-3 lg:flex">
            <span className="sr-only">Search products</span>
            <input
              value={search}
              onChange={(e) => onSearch(e.target.value)}
              className="w-44 bg-transparent py-1.5 outline-none"
              type="search"
              placeholder="Search products"
            />
          </label>
          <CartLink count={count} />
          {user ? (
            <details className="relative">
              <summary className="flex cursor-pointer list-none items-center gap-2 rounded-full bg-primary/15 px-3 py-1.5">
                <UserIcon /> {user.name.split(" ")[0]}
              </summary>
              <ul className="absolute right-0 mt-2 w-36 rounded-md border border-gray-200 bg-white py-2 text-sm shadow-md">
                <li>
                  <Link to="/my-orders" className="block px-4 py-2 hover:bg-primary/10">
                    My Orders
                  </Link>
                </li>
                <li>
                  <button
                    onClick={() => void doLogout()}
                    className="w-full px-4 py-2 text-left hover:bg-primary/10"
                  >
                    Logout
                  </button>
                </li>
              </ul>
            </details>
          ) : (
            <button
              onClick={() => setShowLogin(true)}
              className="rounded-full bg-primary px-8 py-2 text-white transition hover:bg-primary-dull"
            >
              Login
            </button>
          )}
        </div>
        <div className="flex items-center gap-4 sm:hidden">
          <CartLink count={count} />
          <button
            aria-label="Menu"
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen(!open)}
            className="rounded p-2 text-2xl leading-none"
          >
            <MenuIcon />
          </button>
        </div>
      </nav>
      {open && (
        <div
          id="mobile-menu"
          className="flex flex-col gap-3 border-t border-gray-200 bg-white px-5 py-4 text-sm sm:hidden"
        >
          <NavLink to="/" onClick={() => setOpen(false)}>
            Home
          </NavLink>
          <NavLink to="/products" onClick={() => setOpen(false)}>
            All Products
          </NavLink>
          {user && (
            <NavLink to="/my-orders" onClick={() => setOpen(false)}>
              My Orders
            </NavLink>
          )}
          <NavLink to="/contact" onClick={() => setOpen(false)}>
            Contact
          </NavLink>
          {user ? (
            <button
              onClick={() => void doLogout()}
              className="w-fit rounded-full bg-primary px-6 py-2 text-white"
            >
              Logout
            </button>
          ) : (
            <button
              onClick={() => {
                setOpen(false);
                setShowLogin(true);
              }}
              className="w-fit rounded-full bg-primary px-6 py-2 text-white"
            >
              Login
            </button>
          )}
        </div>
      )}
    </header>
  );
}

function CartLink({ count }: { count: number }) {
  return (
    <Link to="/cart" className="relative text-gray-700" aria-label={`Cart, ${count} items`}>
      <CartIcon />
      <span className="absolute -top-2 -right-3 min-w-[18px] rounded-full bg-primary px-1 text-center text-xs text-white">
        {count}
      </span>
    </Link>
  );
}
