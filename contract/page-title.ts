import { findCategory } from "./categories";
import { searchText } from "./catalogue-urls";

/** What a browser tab says on the home page (web/index.html has the same). */
export const STORE_TITLE = "GreenCart: groceries in 30 minutes";

/** A page's tab title: its name, then the store's. */
export const pageTitle = (name: string): string => `${name} | GreenCart`;

/** The products page's name: the search shown, or all products. */
export const productsPageName = (search: string): string =>
  search ? `Search: ${search}` : "All products";

/**
 * The name of a storefront page the server draws, so that its HTML already carries the title the
 * app gives it (a shared link, a search engine): the products page and its search, a category, a
 * product (its name, from what the page shows first). Undefined for any other page.
 */
export function drawnPageName(
  pathname: string,
  search: string,
  productName: string | undefined,
): string | undefined {
  const path = pathname.replace(/\/+$/, "");
  if (path === "/products")
    return productsPageName(searchText(new URLSearchParams(search).get("search")));
  const match = /^\/products\/([^/]+)(\/[^/]+)?$/.exec(path);
  if (!match) return undefined;
  if (match[2]) return productName;
  try {
    return findCategory(decodeURIComponent(match[1]!))?.text;
  } catch {
    return undefined;
  }
}
