import { Toaster } from "react-hot-toast";
import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { Footer } from "../ui/footer";
import { LoginModal } from "./login-modal";
import { Navbar } from "./navbar";
import { useStore } from "./store";
import { ToastLimit } from "./toast-limit";

/** Navbar and footer on every page except the seller area; toasts at top-center (store-spec.md 9). */
export function RootLayout() {
  const { pathname } = useLocation();
  const { showLogin } = useStore();
  const sellerArea = pathname.includes("seller");
  // A new page starts at its top (a related product card is usually far down the page). Block
  // body: newer browsers make scrollTo return a promise, which React would take for a cleanup.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <div className="flex min-h-screen flex-col bg-white text-gray-700">
      {!sellerArea && <Navbar />}
      {showLogin && <LoginModal />}
      {/* At least a screen tall, so content arriving after a skeleton never shifts the footer into view. */}
      <main
        className={
          sellerArea ? "min-h-screen flex-1" : "min-h-screen flex-1 px-4 md:px-8 lg:px-16 xl:px-24"
        }
      >
        <Outlet />
      </main>
      {!sellerArea && <Footer />}
      <Toaster
        position="top-center"
        toastOptions={{
          success: { duration: 2000 },
          error: { duration: 4000 },
          blank: { duration: 4000 },
          custom: { duration: 4000 },
          loading: { duration: Infinity },
        }}
      />
      <ToastLimit />
    </div>
  );
}
