import { productPath, safeDecode } from "../../../contract/catalogue-urls";
import { findCategory } from "../../../contract/categories";

/**
 * The app's pages (web/app/router.tsx), as patterns of their paths, in any case of letters as the
 * router matches them: the server answers any other path with the app's "Page not found" and
 * status 404, as it answers a product or a category that does not exist, so that search engines
 * and link checkers see a missing page as missing.
 */
export const appPages: readonly RegExp[] = [
  /^\/$/i,
  /^\/products$/i,
  /^\/products\/[^/]+$/i,
  /^\/products\/[^/]+\/[^/]+$/i,
  /^\/cart$/i,
  /^\/add-address$/i,
  /^\/my-orders$/i,
  /^\/my-orders\/[^/]+$/i,
  /^\/loader$/i,
  /^\/contact$/i,
  /^\/about$/i,
  /^\/seller(?:\/.*)?$/i,
];

/**
 * Whether `pathname` is a page that exists: one of the app's, with a category that exists, and for
 * a product page a product the catalogue has: `refused` are the first screen's calls the catalogue
 * refused (a call it could not read for an error is not a missing product).
 */
export function pageFound(pathname: string, refused: readonly string[]): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (!appPages.some((page) => page.test(path))) return false;
  const product = /^\/products\/([^/]+)(?:\/([^/]+))?$/i.exec(path);
  if (!product) return true;
  if (!findCategory(safeDecode(product[1]!))) return false;
  return !product[2] || !refused.includes(productPath(safeDecode(product[2])));
}
