import { useEffect } from "react";
import { pageTitle, STORE_TITLE } from "../../contract/page-title";

/**
 * Names the browser tab after the page ("Fresh Tomato | GreenCart"), so that tabs, history and
 * screen readers tell pages apart (WCAG 2.4.2); the store's own name comes back when the page
 * goes. Only pages loaded on demand use it: home keeps index.html's name, and the first
 * JavaScript does not carry this. Undefined (still loading) leaves the name as it is. The server
 * writes the same title into the pages it draws (contract/page-title.ts).
 */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    document.title = pageTitle(title);
    return () => {
      document.title = STORE_TITLE;
    };
  }, [title]);
}
