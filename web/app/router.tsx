import { createBrowserRouter } from "react-router";
import { HomePage } from "../features/catalog/pages/home-page";
import { ErrorPage } from "../ui/error-page";
import { NotFoundPage } from "../ui/not-found-page";
import { PlaceholderPage } from "../ui/placeholder-page";
import { RootLayout } from "./root-layout";

/** Every route of the spec (store-spec.md section 2). The seller area is its own lazily loaded chunk. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: "/", element: <HomePage /> },
      { path: "/products", element: <PlaceholderPage title="All Products" /> },
      { path: "/products/:category", element: <PlaceholderPage title="Category" /> },
      { path: "/products/:category/:id", element: <PlaceholderPage title="Product" /> },
      { path: "/cart", element: <PlaceholderPage title="Cart" /> },
      { path: "/add-address", element: <PlaceholderPage title="Add address" /> },
      { path: "/my-orders", element: <PlaceholderPage title="My Orders" /> },
      { path: "/loader", element: <PlaceholderPage title="Loading" /> },
      { path: "/contact", element: <PlaceholderPage title="Contact" /> },
      { path: "/about", element: <PlaceholderPage title="About" /> },
      {
        path: "/seller/*",
        lazy: async () => ({
          Component: (await import("../features/seller/seller-area")).SellerArea,
        }),
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
