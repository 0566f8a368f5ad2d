import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import { toast } from "../../ui/toast";
import { NavLink, Route, Routes, useLocation, useNavigate } from "react-router";
import { errorMessage } from "../../lib/query-client";
import { useStore } from "../../lib/store";
import { useOpenOrders } from "./api/orders-queue";
import { useSellerLogin, useSellerLogout } from "./api/seller-session";
import { useNewOrderAlerts } from "./components/order-alerts";
import { mayLeaveUnsavedPage } from "./components/use-unsaved-changes";
import { SELLER_EVENTS_URL } from "./components/order-format";
import { sessionKey } from "../../lib/query-keys";
import { useOrderEvents } from "../../lib/use-order-events";
import {
  AddProductIcon,
  DashboardIcon,
  OrdersIcon,
  ProductListIcon,
  ShopIcon,
} from "./components/seller-icons";
import { PickListIcon } from "./components/order-pick-list-icon";
import { useProductsFollowOrders } from "./components/products-follow-orders";
import { AddProductPage } from "./pages/add-product-page";
import { DashboardPage } from "./pages/dashboard-page";
import { EditProductPage } from "./pages/edit-product-page";
import { PickListPage } from "./pages/pick-list-page";
import { ProductListPage } from "./pages/product-list-page";
import { SellerOrdersPage } from "./pages/seller-orders-page";

// Its own chunk (it brings the contract's schemas): loaded when the seller opens it.
const ShopSettingsPage = lazy(async () => ({
  default: (await import("./pages/shop-settings-page")).ShopSettingsPage,
}));

/** Written at each seller login and logout, so that the seller's other tabs follow. */
const SELLER_SIGNAL_KEY = "greencart.seller";
const tellOtherTabs = () => localStorage.setItem(SELLER_SIGNAL_KEY, String(Date.now()));

/** /seller: the login form, or the dashboard with its sidebar (store-spec.md section 2). */
export function SellerArea() {
  const { isSeller, sessionChecked } = useStore();
  const queryClient = useQueryClient();
  // The seller logged in or out in another tab: this one asks whose session it is now.
  useEffect(() => {
    const follow = (event: StorageEvent) => {
      if (event.key === SELLER_SIGNAL_KEY)
        void queryClient.invalidateQueries({ queryKey: sessionKey });
    };
    window.addEventListener("storage", follow);
    return () => window.removeEventListener("storage", follow);
  }, [queryClient]);
  // Logged in here (not arrived logged in): the focus goes on to the page, not to the body.
  const [loggedInHere, setLoggedInHere] = useState(false);
  if (!sessionChecked)
    return <div className="m-8 h-64 animate-pulse rounded bg-gray-100" aria-busy="true" />;
  return isSeller ? (
    <SellerLayout focusPage={loggedInHere} />
  ) : (
    <SellerLogin onLoggedIn={() => setLoggedInHere(true)} />
  );
}

/** The id of the login form's one error toast, replaced by each failed try. */
const LOGIN_ERROR = "seller-login-error";

function SellerLogin({ onLoggedIn }: { onLoggedIn: () => void }) {
  const { setSeller } = useStore();
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const login = useSellerLogin();
  // Set at once on submit (the mutation's own pending state shows a moment later).
  const sending = useRef(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    // A failed try's message goes as the next try starts: it is about that try, not this one.
    toast.dismiss(LOGIN_ERROR);
    login.mutate(
      { email, password },
      {
        onSuccess: () => {
          toast.success("Welcome back, Admin!");
          onLoggedIn();
          setSeller(true);
          tellOtherTabs();
          void navigate("/seller");
        },
        onError: (error) => toast.error(errorMessage(error), { id: LOGIN_ERROR }),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };
  const field = "w-full rounded border border-gray-200 p-2 outline-primary min-h-11";
  return (
    <main
      id="main"
      tabIndex={-1}
      className="flex min-h-screen items-center p-4 text-sm text-gray-600 outline-none"
    >
      <form
        onSubmit={(e) => void submit(e)}
        className="m-auto flex w-full max-w-sm flex-col gap-5 rounded-lg border border-gray-200 p-8 shadow-xl"
      >
        <h1 className="m-auto text-2xl font-medium">
          <span className="text-primary">Seller</span> Login
        </h1>
        <label className="flex flex-col gap-1">
          Email
          <input
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="username"
            className={field}
            placeholder="enter your email"
          />
        </label>
        <label className="flex flex-col gap-1">
          Password
          <input
            type="password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
            className={field}
            placeholder="enter your password"
          />
        </label>
        {/* Not `disabled` while logging in: the browser would drop the focus to the page. */}
        <button
          aria-disabled={login.isPending}
          className="min-h-11 w-full rounded-md bg-primary py-2 text-white hover:bg-primary-dull aria-disabled:cursor-wait aria-disabled:opacity-60"
        >
          Login
        </button>
      </form>
    </main>
  );
}

const links = [
  { to: "/seller/dashboard", label: "Dashboard", Icon: DashboardIcon, end: false },
  { to: "/seller", label: "Add Product", Icon: AddProductIcon, end: true },
  { to: "/seller/product-list", label: "Product List", Icon: ProductListIcon, end: false },
  { to: "/seller/orders", label: "Orders", Icon: OrdersIcon, end: false },
  { to: "/seller/pick-list", label: "Pick List", Icon: PickListIcon, end: false },
  { to: "/seller/shop", label: "Shop settings", Icon: ShopIcon, end: false },
];

/**
 * The seller area once logged in: header, sidebar and the page of the route. `focusPage`: the
 * keyboard focus starts on the page (after a login whose form, with its focus, is gone).
 */
function SellerLayout({ focusPage }: { focusPage: boolean }) {
  const page = useRef<HTMLElement>(null);
  // The Orders and Pick List pages keep their own live stream; elsewhere the layout listens, so
  // that a new order is announced wherever the seller is.
  const { pathname } = useLocation();
  const pageHasStream = /^\/seller\/(orders|pick-list)(\/|$)/.test(pathname);
  useEffect(() => {
    if (focusPage) page.current?.focus();
    // Once, as the area opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const { setSeller } = useStore();
  const navigate = useNavigate();
  const signOut = useSellerLogout();
  // Out of the seller area whatever the server said (the mutation cache shows a failure). A page
  // holding unsaved changes is asked about first, as a link would be: signed out, they are lost.
  const logout = () => {
    if (!mayLeaveUnsavedPage()) return;
    signOut.mutate(undefined, {
      onSuccess: (a) => toast.success(a.message),
      onSettled: () => {
        setSeller(false);
        tellOtherTabs();
        void navigate("/");
      },
    });
  };
  return (
    <>
      <header className="flex items-center justify-between border-b border-gray-300 bg-white px-4 py-3 md:px-8">
        <a href="/" className="text-xl font-semibold text-gray-800">
          Green<span className="text-primary">Cart</span>
        </a>
        <div className="flex items-center gap-5 text-gray-600">
          <p>Hi! Admin</p>
          <button
            onClick={logout}
            className="min-h-11 rounded-full border px-4 text-sm md:min-h-0 md:py-1"
          >
            Logout
          </button>
        </div>
      </header>
      <div className="flex">
        <nav
          aria-label="Seller"
          className="min-h-[calc(100vh-57px)] w-16 border-r border-gray-300 text-base md:w-64"
        >
          {/*
            The links stay on screen down a long page: a seller far down the queue leaves it from
            where they are, not after scrolling back up to them (where Back would then return).
          */}
          <div className="sticky top-0 flex flex-col pt-4">
            {links.map((l) => (
              <NavLink
                key={l.to}
                to={l.to}
                end={l.end}
                className={({ isActive }) =>
                  `flex items-center gap-3 px-4 py-3 ${isActive ? "border-r-4 border-primary bg-primary/10 text-primary md:border-r-[6px]" : "hover:bg-gray-100"}`
                }
              >
                <l.Icon className="shrink-0" />
                {/* Icons only on small screens; the name is still read out. */}
                <span className="max-md:sr-only">{l.label}</span>
              </NavLink>
            ))}
          </div>
        </nav>
        {!pageHasStream && <NewOrderAlerts />}
        <main ref={page} id="main" tabIndex={-1} className="flex-1 overflow-x-auto outline-none">
          <Routes>
            <Route index element={<AddProductPage />} />
            <Route path="dashboard" element={<DashboardPage />} />
            <Route path="product-list" element={<ProductListPage />} />
            <Route path="product-list/:id" element={<EditProductPage />} />
            <Route path="orders" element={<SellerOrdersPage />} />
            <Route path="pick-list" element={<PickListPage />} />
            <Route
              path="shop"
              element={
                <Suspense
                  fallback={
                    <div className="m-8 h-96 animate-pulse rounded bg-gray-100" aria-busy="true" />
                  }
                >
                  <ShopSettingsPage />
                </Suspense>
              }
            />
          </Routes>
        </main>
      </div>
    </>
  );
}

/**
 * New orders, announced (a toast and a beep, as on the Orders page) on the seller's pages that
 * have no live order list of their own: the seller's live stream and the open queue. The stream
 * also keeps the stock shown current (useProductsFollowOrders): the product list and its counts,
 * the dashboard's low stock, and a product's edit page (its stock box and stock history).
 */
function NewOrderAlerts() {
  useOrderEvents(SELLER_EVENTS_URL, useProductsFollowOrders());
  useNewOrderAlerts(useOpenOrders().data);
  return null;
}
