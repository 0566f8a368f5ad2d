import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { toast } from "../ui/toast";
import { afterEach, beforeEach } from "vitest";
import { sessionHintCookie } from "../../contract/session-hints";

// waitFor and findBy* wait up to 5 s, not the library's 1 s: these files run beside the API
// suites on two cores in CI, where a chain of mocked calls and timers can take over a second.
// A passing wait still returns as soon as its condition holds; only a failure takes longer.
configure({ asyncUtilTimeout: 5_000 });

// The browser holds both sessions' hints unless a test says otherwise, so the app asks the
// (mocked) server who is signed in, as it does for anyone who has logged in.
beforeEach(() => {
  for (const kind of ["user", "seller"] as const)
    document.cookie = `${sessionHintCookie(kind)}=1; path=/`;
});

afterEach(() => {
  cleanup();
  toast.dismiss();
  // What a page keeps for the tab (scroll places, lists' depths): each test is a tab of its own.
  sessionStorage.clear();
});

// jsdom has no matchMedia; the seller area asks it about the screen width.
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
