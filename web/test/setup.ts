import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import toast from "react-hot-toast";
import { afterEach } from "vitest";

afterEach(() => {
  cleanup();
  toast.remove();
});

// jsdom has no matchMedia; react-hot-toast asks it about reduced motion.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
