import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation, useNavigate, useSearchParams } from "react-router";
import { CartIcon, MenuIcon, UserIcon } from "../ui/icons";
import { countItems } from "../lib/cart-rules";
import { useStore } from "../lib/store";

export function Navbar() {
  const { user, cart, setShowLogin, logout } = useStore();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const [open, setOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const profile = useRef<HTMLDivElement>(null);
  const count = countItems(cart);
  // The box shows the search the products page is filtered by, and is empty elsewhere.
  const search = pathname === "/products" ? (params.get("search") ?? "") : "";
  const [text, setText] = useState(search);
  useEffect(() => {
    setText(search);
  }, [search]);

  // Menus close on Escape, on a click elsewhere and when the page changes.
  useEffect(() => {
    if (!open && !profileOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      setProfileOpen(false);
    };
    const onPointer = (event: MouseEvent) => {
      if (!profile.current?.contains(event.target as Node)) setProfileOpen(false);
    };
    window.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onPointer);
    return () => {
      window.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onPointer);
    };
  }, [open, profileOpen]);
  useEffect(() => {
    setOpen(false);
    setProfileOpen(false);
  }, [pathname]);

  // Typing sends the shopper to /products; further typing refines it without piling up history,
  // and clearing the box shows every product again.
  const onSearch = (value: string) => {
    setText(value);
    const onProducts = pathname === "/products";
    if (value.length === 0) {
      if (onProducts) void navigate("/products", { replace: true });
      return;
    }
    void navigate(`/products?search=${encodeURIComponent(value)}`, { replace: onProducts });
  };
  const doLogout = async () => {
    setOpen(false);
    setProfileOpen(false);
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
          <label className="hidden items-center gap-2 rounded-full border border-gray-300 px-3 focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/40 lg:flex">
            <span className="sr-only">Search products</span>
            <input
              value={text}
              onChange={(e) => onSearch(e.target.value)}
              className="w-44 bg-transparent py-1.5 outline-none"
              type="search"
              placeholder="Search products"
            />
          </label>
          <CartLink count={count} />
          {user ? (
            <div className="relative" ref={profile}>
              <button
                aria-expanded={profileOpen}
                aria-controls="profile-menu"
                onClick={() => setProfileOpen(!profileOpen)}
                className="flex cursor-pointer items-center gap-2 rounded-full bg-primary/15 px-3 py-1.5"
              >
                <UserIcon /> {user.name.split(" ")[0]}
              </button>
              <ul
                id="profile-menu"
                hidden={!profileOpen}
                className="absolute right-0 mt-2 w-36 rounded-md border border-gray-200 bg-white py-2 text-sm shadow-md"
              >
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
            </div>
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
          <form
            role="search"
            onSubmit={(event) => {
              event.preventDefault();
              const text = new FormData(event.currentTarget).get("search");
              void navigate(
                typeof text === "string" && text.trim()
                  ? `/products?search=${encodeURIComponent(text.trim())}`
                  : "/products",
              );
            }}
            className="flex gap-2"
          >
            <label className="flex-1">
              <span className="sr-only">Search products</span>
              <input
                name="search"
                defaultValue={search}
                type="search"
                placeholder="Search products"
                className="w-full rounded-full border border-gray-300 px-3 py-2 outline-none focus:border-primary focus:ring-2 focus:ring-primary/40"
              />
            </label>
            <button className="rounded-full border border-primary px-4 text-primary">Search</button>
          </form>
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
