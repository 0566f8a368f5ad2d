import { useSyncExternalStore } from "react";

function subscribe(changed: () => void) {
  window.addEventListener("online", changed);
  window.addEventListener("offline", changed);
  return () => {
    window.removeEventListener("online", changed);
    window.removeEventListener("offline", changed);
  };
}

/**
 * Says, while the browser has no connection, that the store cannot be reached: otherwise a page
 * waiting for its data shows its placeholders without a word (lists and the cart wait for the
 * connection and load by themselves once it is back). Above the page, near the bottom of the
 * screen and clear of the phone cart's bar, so nothing on the page moves when it comes or goes.
 */
export function OfflineNotice() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <p
      role="status"
      className="fixed inset-x-4 bottom-24 z-[55] mx-auto w-fit rounded-full bg-gray-900 px-4 py-2 text-center text-sm text-white shadow-lg md:bottom-6"
    >
      You are offline. The store will load again once you are connected.
    </p>
  );
}
