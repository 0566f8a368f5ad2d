import { forgetChunkFailure, PageErrorBoundary } from "../ui/error-boundary";
import { lazyPiece } from "../ui/lazy-piece";
import { OfflineNotice } from "../ui/offline-notice";
import { toast, Toaster } from "../ui/toast";
import { Suspense, useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { Navbar } from "./navbar";
import { useScrollMemory } from "./scroll-memory";
import { useStore } from "../lib/store";
import { whenIdle } from "../lib/when-idle";

/**
 * In the login dialog's place when its code could not come (offline): says so and closes it, so
 * that the next tap on Login asks for it again.
 */
function LoginUnreachable() {
  const { setShowLogin } = useStore();
  useEffect(() => {
    toast.error("The login form could not load. Check your connection.", {
      id: "login-unreachable",
    });
    setShowLogin(false);
  }, [setShowLogin]);
  return null;
}

// The footer (below every page's first screen) is its own small chunk; offline, a page goes
// without it until the next page asks again.
const Footer = lazyPiece(
  () => import("../ui/footer").then((m) => m.Footer),
  () => null,
);
// The login dialog is its own chunk, fetched when first opened (or when the browser is idle).
const loadLoginModal = () => import("./login-modal");
const LoginModal = lazyPiece(() => loadLoginModal().then((m) => m.LoginModal), LoginUnreachable);
// Ahead of time only: a preload that fails (the connection dropped) is left to the first Login,
// and says nothing of a new version (as the shopping pages' preload, router.tsx).
if (typeof window !== "undefined")
  whenIdle(() => void loadLoginModal().catch(() => forgetChunkFailure()));

/**
 * Navbar and footer on every page except the seller area; toasts at the bottom (ui/toast.tsx);
 * a word while the browser is offline.
 */
export function RootLayout() {
  const { pathname, key } = useLocation();
  const { showLogin } = useStore();
  const sellerArea = pathname.includes("seller");
  useScrollMemory();
  return (
    <div className="flex min-h-screen flex-col bg-white text-gray-700">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-3 font-medium text-primary-dull shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {!sellerArea && <Navbar />}
      {showLogin && (
        <Suspense fallback={null}>
          <LoginModal />
        </Suspense>
      )}
      {/* At least a screen tall, so content arriving after a skeleton never shifts the footer into view. */}
      {sellerArea ? (
        // The seller area has its own header and sidebar, and its page or login form is the main
        // landmark (one per page, not one inside another).
        <div className="min-h-screen flex-1">
          <PageErrorBoundary resetKey={key}>
            <Outlet />
          </PageErrorBoundary>
        </div>
      ) : (
        <main
          id="main"
          tabIndex={-1}
          className="min-h-screen flex-1 px-4 outline-none md:px-8 lg:px-16 xl:px-24"
        >
          <PageErrorBoundary resetKey={key}>
            <Outlet />
          </PageErrorBoundary>
        </main>
      )}
      {!sellerArea && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
      <Toaster>
        {/* The storefront's is under its navbar; the seller area has no bar at the top that
            stays: there it sits under the toasts. */}
        {sellerArea && (
          <OfflineNotice className="pointer-events-auto w-fit rounded-full px-4 py-2 text-sm shadow-lg" />
        )}
      </Toaster>
    </div>
  );
}
