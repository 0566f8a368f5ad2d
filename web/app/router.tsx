import { lazy, Suspense, type ComponentType } from "react";
import { matchPath, Route, Routes } from "react-router";
import { HomePage } from "../features/catalog/pages/home-page";
import { CartLoading } from "../features/checkout/components/cart-frame";
import { countItems } from "../lib/cart-rules";
import { useCart } from "../lib/shown-cart";
import { SHOPPING_PAGES_LOADED_MARK } from "../ui/app-ready";
import { forgetChunkFailure } from "../ui/error-boundary";
import { RootLayout } from "./root-layout";

/** A page loaded on demand (its own chunk), by its named export, with a skeleton meanwhile. */
function lazyPage<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  Loading: ComponentType = PageLoading,
): ComponentType {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType<object> }));
  return function LazyPage() {
    return (
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    );
  };
}

function PageLoading() {
  return (
    <div
      className="mt-12 h-96 animate-pulse rounded-lg bg-gray-100"
      role="progressbar"
      aria-busy="true"
      aria-label="Loading"
    />
  );
}

/**
 * While the cart page's chunk is on its way (a cart opened from its address), the cart's own
 * frame: its heading and count and a placeholder a line, as the page shows them while its
 * products load. The shopper sees their cart's shape at once, and nothing moves after.
 */
function CartPageLoading() {
  const cart = useCart();
  const ids = Object.keys(cart);
  return ids.length > 0 ? <CartLoading ids={ids} count={countItems(cart)} /> : <PageLoading />;
}

// The storefront pages the server draws (besides home, which is in the entry chunk).
const loadProductsPage = () => import("../features/catalog/pages/products-page");
const loadCategoryPage = () => import("../features/catalog/pages/category-page");
const loadProductPage = () => import("../features/catalog/pages/product-page");
const ProductsPage = lazyPage(loadProductsPage, "ProductsPage");
const CategoryPage = lazyPage(loadCategoryPage, "CategoryPage");
const ProductPage = lazyPage(loadProductPage, "ProductPage");

/**
 * Loads the chunk of the page the server drew at `pathname`, so that the app takes that page over
 * in one go rather than leaving it as it came until the chunk arrives (docs/decisions/015).
 */
export function loadServerDrawnPage(pathname: string): Promise<unknown> {
  if (matchPath("/products", pathname)) return loadProductsPage();
  if (matchPath("/products/:category", pathname)) return loadCategoryPage();
  if (matchPath("/products/:category/:id", pathname)) return loadProductPage();
  return Promise.resolve();
}
const loadCartPage = () => import("../features/checkout/pages/cart-page");
const CartPage = lazyPage(loadCartPage, "CartPage", CartPageLoading);

/**
 * Loads ahead the chunks of the pages a shopper opens next from any storefront page (search
 * results, a category, a product, the cart), a few KB in all, so that on a slow phone network a
 * tap on a card or a category draws its page at once (with the page's own skeleton while its data
 * comes) rather than a blank placeholder while its code comes first. Not with Save-Data on, nor
 * offline (a failed load would be kept by the browser for the page's life).
 */
export async function preloadShoppingPages(): Promise<void> {
  const connection = (navigator as { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData === true || !navigator.onLine) return;
  await Promise.all(
    [loadProductsPage, loadCategoryPage, loadProductPage, loadCartPage].map((load) => load()),
  ).then(
    () => performance.mark(SHOPPING_PAGES_LOADED_MARK),
    () => forgetChunkFailure(),
  );
}
const AddAddressPage = lazyPage(
  () => import("../features/checkout/pages/add-address-page"),
  "AddAddressPage",
);
const MyOrdersPage = lazyPage(
  () => import("../features/orders/pages/my-orders-page"),
  "MyOrdersPage",
);
const OrderPage = lazyPage(() => import("../features/orders/pages/order-page"), "OrderPage");
const LoaderPage = lazyPage(() => import("../features/pages/loader-page"), "LoaderPage");
const ContactPage = lazyPage(() => import("../features/pages/contact-page"), "ContactPage");
const AboutPage = lazyPage(() => import("../features/pages/about-page"), "AboutPage");
const NotFoundPage = lazyPage(() => import("../ui/not-found-page"), "NotFoundPage");
const SellerArea = lazyPage(() => import("../features/seller/seller-area"), "SellerArea");

/**
 * Every route of the spec (store-spec.md section 2). Home is in the entry chunk; the other pages
 * load on demand, and the seller area is its own chunk that storefront pages never download.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="/" element={<HomePage />} />
        <Route path="/products" element={<ProductsPage />} />
        <Route path="/products/:category" element={<CategoryPage />} />
        <Route path="/products/:category/:id" element={<ProductPage />} />
        <Route path="/cart" element={<CartPage />} />
        <Route path="/add-address" element={<AddAddressPage />} />
        <Route path="/my-orders" element={<MyOrdersPage />} />
        <Route path="/my-orders/:id" element={<OrderPage />} />
        <Route path="/loader" element={<LoaderPage />} />
        <Route path="/contact" element={<ContactPage />} />
        <Route path="/about" element={<AboutPage />} />
        <Route path="/seller/*" element={<SellerArea />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
