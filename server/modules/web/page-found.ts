import {
  catalogPagePath,
  NO_CATEGORY_SEGMENT,
  productPagePath,
  productPath,
} from "../../../contract/catalogue-urls";
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
 * Whether `pathname` is a page that exists: one of the app's, with a category that exists (or, for
 * a product without one, `all`), and for a product page a product the catalogue has: `refused` are
 * the first screen's calls the catalogue refused (a call it could not read for an error is not a
 * missing product).
 */
export function pageFound(pathname: string, refused: readonly string[]): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (!appPages.some((page) => page.test(path))) return false;
  const page = catalogPagePath(path);
  if (page?.category === undefined) return true;
  const productWithout =
    page.id !== undefined && page.category.toLowerCase() === NO_CATEGORY_SEGMENT;
  if (!findCategory(page.category) && !productWithout) return false;
  return page.id === undefined || !refused.includes(productPath(page.id));
}

/**
 * A product page's own address, where `pathname` names the product under another category or in
 * another case of letters (an old link, a hand-typed one): the server sends the browser there, so
 * a product has one address for people and search engines. Undefined where the path is the
 * product's own, or the first screen's answers (`bodies`) hold no such product.
 */
export function productPageMoved(
  pathname: string,
  bodies: readonly { call: string; body: string }[],
): string | undefined {
  const page = catalogPagePath(pathname);
  if (page?.id === undefined) return undefined;
  const call = productPath(page.id);
  const answer = bodies.find((found) => found.call === call);
  if (!answer) return undefined;
  const { product } = JSON.parse(answer.body) as {
    product: { _id: string; category: string | null };
  };
  const own = productPagePath(product);
  return own === pathname.replace(/\/+$/, "") ? undefined : own;
}
