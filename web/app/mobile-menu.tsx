import { NavLink, useNavigate } from "react-router";

const itemClass = "flex min-h-11 items-center";

/** The phone menu: a search form, the links, and Login or Logout. */
export function MobileMenu({
  search,
  signedIn,
  onClose,
  onLogin,
  onLogout,
}: {
  search: string;
  signedIn: boolean;
  onClose: () => void;
  onLogin: () => void;
  onLogout: () => void;
}) {
  const navigate = useNavigate();
  return (
    <div
      id="mobile-menu"
      className="flex flex-col gap-1 border-t border-gray-200 bg-white px-4 py-3 text-sm sm:hidden"
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
        className="mb-2 flex gap-2"
      >
        <label className="flex-1">
          <span className="sr-only">Search products</span>
          <input
            name="search"
            defaultValue={search}
            type="search"
            placeholder="Search products"
            className="min-h-11 w-full rounded-full border border-gray-300 px-3 outline-none focus:border-primary focus:ring-2 focus:ring-primary/40"
          />
        </label>
        <button className="min-h-11 rounded-full border border-primary px-4 text-primary-dull">
          Search
        </button>
      </form>
      <NavLink to="/" onClick={onClose} className={itemClass}>
        Home
      </NavLink>
      <NavLink to="/products" onClick={onClose} className={itemClass}>
        All Products
      </NavLink>
      {signedIn && (
        <NavLink to="/my-orders" onClick={onClose} className={itemClass}>
          My Orders
        </NavLink>
      )}
      <NavLink to="/contact" onClick={onClose} className={itemClass}>
        Contact
      </NavLink>
      <button
        onClick={signedIn ? onLogout : onLogin}
        className="mt-2 min-h-11 w-fit rounded-full bg-primary px-6 text-white"
      >
        {signedIn ? "Logout" : "Login"}
      </button>
    </div>
  );
}
