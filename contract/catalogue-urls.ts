import { findCategory } from "./categories";

/**
 * The catalogue calls the storefront makes, written one canonical way. The web app builds its
 * requests with these, and the server uses the same functions to put the first screen's answers
 * into the page it sends (docs/decisions/009-first-screen-data.md): equal strings, equal calls.
 */

/** Products per page on /products and category pages. */
export const PAGE_SIZE = 24;
/** The spec's Best Sellers: the first 5 in-stock products. */
export const BEST_SELLERS = 5;
/** At most this many ids in one `GET /api/product/list?ids=` call. */
export const MAX_IDS_PER_QUERY = 100;
/** Related products on a product page: up to 5 in-stock products of its category. */
export const RELATED_PRODUCTS = 5;

/** `low` and `out` choose by units left; `off`: switched off sale by the seller. */
export const stockLevels = ["low", "out", "off"] as const;
export type StockLevel = (typeof stockLevels)[number];

export interface ProductListParams {
  q?: string;
  category?: string;
  inStock?: boolean;
  stock?: StockLevel;
  ids?: readonly string[];
  limit?: number;
  cursor?: string;
}

/** `/api/product/list?...` with its parameters in a fixed order (ids sorted). */
export function productListPath(params: ProductListParams = {}): string {
  const parts: string[] = [];
  const add = (key: string, value: string) => parts.push(`${key}=${encodeURIComponent(value)}`);
  const q = params.q?.trim();
  if (q) add("q", q);
  if (params.category) add("category", params.category.toLowerCase());
  if (params.inStock !== undefined) add("inStock", String(params.inStock));
  if (params.stock) add("stock", params.stock);
  if (params.ids) add("ids", [...params.ids].sort().join(","));
  if (params.limit !== undefined) add("limit", String(params.limit));
  if (params.cursor) add("cursor", params.cursor);
  return parts.length ? `/api/product/list?${parts.join("&")}` : "/api/product/list";
}

export function productPath(id: string): string {
  return `/api/product/${encodeURIComponent(id)}`;
}

/** The longest search the API takes, in UTF-16 units (its `q` schema). */
export const MAX_SEARCH_LENGTH = 100;

/**
 * A search as typed, trimmed and cut to what the API takes, never inside a character: half of an
 * emoji cut at the limit would make `encodeURIComponent` throw.
 */
export function searchText(typed: string | null | undefined): string {
  const cut = (typed ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** The list a storefront page opens with (the first page; later pages add `cursor`). */
export const homeBestSellers = () => productListPath({ inStock: true, limit: BEST_SELLERS });
export const allProductsPage = (search?: string) =>
  productListPath({ q: search, inStock: true, limit: PAGE_SIZE });
export const categoryPage = (category: string) => productListPath({ category, limit: PAGE_SIZE });
/** One more than shown, so that up to 5 remain once the product itself is left out. */
export const relatedProducts = (category: string) =>
  productListPath({ category, inStock: true, limit: RELATED_PRODUCTS + 1 });

/**
 * The catalogue answers a storefront route shows on its first screen, by pathname and query
 * string. Routes that need nothing from the catalogue (or need the browser's cart) get none.
 */
export function firstScreenCalls(pathname: string, search = ""): string[] {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/") return [homeBestSellers()];
  if (path === "/products") {
    return [allProductsPage(searchText(new URLSearchParams(search).get("search")))];
  }
  const match = /^\/products\/([^/]+)(?:\/([^/]+))?$/.exec(path);
  if (!match) return [];
  const category = findCategory(safeDecode(match[1]!));
  if (!category) return [];
  if (!match[2]) return [categoryPage(category.path)];
  return [productPath(safeDecode(match[2])), relatedProducts(category.path)];
}

/** A path segment decoded, or as it is when it is not valid percent-encoding. */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
