import { Suspense, useEffect, useRef, useState } from "react";
import { useAppReady } from "../ui/app-ready";
import { Link, NavLink, useLocation, useNavigate, useSearchParams } from "react-router";
import { CartIcon, MenuIcon } from "../ui/icons";
import { lazyPiece } from "../ui/lazy-piece";
import { OfflineNotice } from "../ui/offline-notice";
import { toast } from "../ui/toast";
import { useCartCount } from "../lib/shown-cart";
import { useStore } from "../lib/store";

/**
 * In the phone menu's place when its code could not come (offline): says so and closes the menu,
 * so that the next tap on Menu asks for it again.
 */
function MenuUnreachable({ onClose }: { onClose: () => void }) {
  useEffect(() => {
    toast.error("The menu could not load. Check your connection.", { id: "menu-unreachable" });
    onClose();
  }, [onClose]);
  return null;
}

/** The profile menu's place, kept while its code comes (or could not: offline). */
const ProfilePlaceholder = () => <span className="h-11 w-24 rounded-full bg-primary/15" />;

// The phone menu is fetched when first opened, the profile menu once someone is signed in.
const MobileMenu = lazyPiece(
  () => import("./mobile-menu").then((m) => m.MobileMenu),
  MenuUnreachable,
);
const ProfileMenu = lazyPiece(
  () => import("./profile-menu").then((m) => m.ProfileMenu),
  ProfilePlaceholder,
);

/** The promise, said where the shopper browses (docs: store-spec.md, "delivery in under 30 minutes"). */
const DELIVERY_PROMISE = "Delivery in 30 min";

export function Navbar() {
  const { user, sessionChecked, cartKnown, setShowLogin, logout } = useStore();
  const count = useCartCount();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const [open, setOpen] = useState(false);
  const ready = useAppReady();
  const menuButton = useRef<HTMLButtonElement>(null);
  // The box shows the search the products page is filtered by, and is empty elsewhere.
  const search = pathname === "/products" ? (params.get("search") ?? "") : "";
  const [text, setText] = useState(search);
  useEffect(() => {
    setText(search);
  }, [search]);

  // The phone menu closes on Escape (focus back on its button) and when the page changes.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      menuButton.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);
  useEffect(() => setOpen(false), [pathname]);

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
    await logout();
    void navigate("/");
  };

  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white">
      <nav
        aria-label="Main"
        className="flex items-center justify-between gap-2 px-4 py-2 sm:gap-4 md:px-8 md:py-3 lg:px-16 xl:px-24"
      >
        <Link
          to="/"
          className="flex min-h-11 shrink-0 items-center gap-2 text-lg font-semibold text-gray-800 sm:text-xl"
          aria-label="GreenCart home"
        >
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>
            Green<span className="text-primary-dull">Cart</span>
          </span>
        </Link>
        {/* The whole promise where the bar has room for it, "30 min" where it is tight; none
            where even that does not fit beside the links. Squeezed further (a long name in the
            profile button), it shortens rather than overlap the logo or widen the page. */}
        <p className="mr-auto flex min-w-0 items-center gap-1 overflow-hidden rounded-full bg-amber-100 px-2 py-1 text-xs font-medium whitespace-nowrap text-amber-900 max-[359px]:hidden sm:px-2.5 sm:max-md:hidden">
          <span aria-hidden="true">⚡</span>
          <span className="truncate max-[439px]:sr-only sm:max-xl:sr-only">{DELIVERY_PROMISE}</span>
          <span aria-hidden="true" className="truncate min-[440px]:max-sm:hidden xl:hidden">
            30 min
          </span>
        </p>
        <div className="hidden shrink-0 items-center gap-4 sm:flex xl:gap-6">
          <NavLink to="/">Home</NavLink>
          <NavLink to="/products">All Product</NavLink>
          <NavLink to="/about">About Us</NavLink>
          <label className="hidden items-center gap-2 rounded-full border border-gray-300 px-3 focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/40 lg:flex">
            <span className="sr-only">Search products</span>
            <input
              value={text}
              disabled={!ready}
              onChange={(e) => onSearch(e.target.value)}
              className="w-36 bg-transparent py-1.5 outline-none xl:w-44"
              type="search"
              placeholder="Search products"
            />
          </label>
          <CartLink count={count} known={cartKnown} />
          {user ? (
            <Suspense fallback={<ProfilePlaceholder />}>
              <ProfileMenu user={user} onLogout={() => void doLogout()} />
            </Suspense>
          ) : (
            // Hidden (its place kept) until the session is known: a signed-in shopper on a slow
            // network is not shown Login while the app and the check arrive.
            <button
              disabled={!sessionChecked}
              onClick={() => setShowLogin(true)}
              className="min-h-11 rounded-full bg-primary px-8 text-white transition hover:bg-primary-dull disabled:invisible"
            >
              Login
            </button>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-1 sm:hidden">
          <CartLink count={count} known={cartKnown} />
          <button
            ref={menuButton}
            aria-label="Menu"
            aria-expanded={open}
            aria-controls="mobile-menu"
            disabled={!ready}
            onClick={() => setOpen(!open)}
            className="flex h-11 w-11 items-center justify-center rounded text-2xl leading-none"
          >
            <MenuIcon />
          </button>
        </div>
      </nav>
      {open && (
        <Suspense fallback={null}>
          <MobileMenu
            search={search}
            signedIn={Boolean(user)}
            onClose={() => setOpen(false)}
            onLogin={() => {
              setOpen(false);
              setShowLogin(true);
            }}
            onLogout={() => void doLogout()}
          />
        </Suspense>
      )}
      {/* Offline, a strip hanging under the bar, which stays at the top of the screen: over no
          control the shopper needs (at the bottom it covered the cart's payment select on a
          phone). On a phone its two lines (32 px) fit above every page's first control (each page
          starts with at least that much space), and the page scrolls under it as under the bar.
          Positioned, it takes no room: nothing on the page moves when it comes or goes. */}
      <OfflineNotice className="absolute inset-x-0 top-full px-4 py-0.5 text-xs/3.5 sm:py-1.5" />
    </header>
  );
}

function CartLink({ count, known }: { count: number; known: boolean }) {
  return (
    <Link
      to="/cart"
      className="relative flex h-11 w-11 items-center justify-center text-gray-700"
      // Its count is said once it is the shopper's: the session is known, or its answer cannot
      // change the cart kept here (a drawn page shows the kept cart's count meanwhile, styles.css).
      aria-label={known ? `Cart, ${count} ${count === 1 ? "item" : "items"}` : "Cart"}
    >
      <CartIcon />
      <span
        data-known={known}
        className="absolute top-0 right-0 min-w-[18px] rounded-full bg-primary px-1 text-center text-xs text-white"
      >
        {count}
      </span>
    </Link>
  );
}
