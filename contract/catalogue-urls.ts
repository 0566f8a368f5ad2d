import { findCategory } from "./categories";

/**
 * The catalogue calls the storefront makes, written one canonical way. The web app builds its
 * requests with these, and the server uses the same functions to put the first screen's answers
 * into the page it sends (docs/decisions/009-first-screen-data.md): equal strings, equal calls.
 */

/** Products per page on /products and category pages. */
export const PAGE_SIZE = 24;
/** The spec's Best Sellers: 5 in-stock products, the most sold lately first. */
export const BEST_SELLERS = 5;
/** At most this many ids in one `GET /api/product/list?ids=` call. */
export const MAX_IDS_PER_QUERY = 100;
/** Related products on a product page: up to 5 in-stock products of its category. */
export const RELATED_PRODUCTS = 5;

/** `low` and `out` choose by units left; `off`: switched off sale by the seller. */
export const stockLevels = ["low", "out", "off"] as const;
export type StockLevel = (typeof stockLevels)[number];

/** `bestselling`: by units sold in the last 30 days, newest first among equals. */
export const productSorts = ["bestselling"] as const;
export type ProductSort = (typeof productSorts)[number];

export interface ProductListParams {
  q?: string;
  category?: string;
  inStock?: boolean;
  stock?: StockLevel;
  ids?: readonly string[];
  sort?: ProductSort;
  limit?: number;
  cursor?: string;
}

/**
 * The list's query string (`q=…&category=…`, no `?`; empty without parameters), its parameters in
 * a fixed order (ids sorted), so that one query is one cache key.
 */
export function productListQuery(params: ProductListParams = {}): string {
  const parts: string[] = [];
  const add = (key: string, value: string) => parts.push(`${key}=${encodeURIComponent(value)}`);
  const q = params.q?.trim();
  if (q) add("q", q);
  if (params.category) add("category", params.category.toLowerCase());
  if (params.inStock !== undefined) add("inStock", String(params.inStock));
  if (params.stock) add("stock", params.stock);
  if (params.ids) add("ids", [...params.ids].sort().join(","));
  if (params.sort) add("sort", params.sort);
  if (params.limit !== undefined) add("limit", String(params.limit));
  if (params.cursor) add("cursor", params.cursor);
  return parts.join("&");
}

/** `/api/product/list?...` with its parameters as `productListQuery` writes them. */
export function productListPath(params: ProductListParams = {}): string {
  const query = productListQuery(params);
  return query ? `/api/product/list?${query}` : "/api/product/list";
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
export const homeBestSellers = () =>
  productListPath({ inStock: true, sort: "bestselling", limit: BEST_SELLERS });
export const allProductsPage = (search?: string) =>
  productListPath({ q: search, inStock: true, limit: PAGE_SIZE });
export const categoryPage = (category: string) => productListPath({ category, limit: PAGE_SIZE });
/** One more than shown, so that up to 5 remain once the product itself is left out. */
export const relatedProducts = (category: string) =>
  productListPath({ category, inStock: true, limit: RELATED_PRODUCTS + 1 });

/**
 * The path segment where a product without a category has its page (`/products/all/<id>`): under
 * All products, as it is listed. It names no category page.
 */
export const NO_CATEGORY_SEGMENT = "all";

/** A product's page, as the app links to it: its category in lower case (or `all`), then its id. */
export function productPagePath(product: { _id: string; category: string | null }): string {
  return `/products/${product.category?.toLowerCase() ?? NO_CATEGORY_SEGMENT}/${product._id}`;
}

/** What a catalogue page's path names: `/products`, `/products/<category>`, `/products/<category>/<id>`. */
export interface CatalogPagePath {
  /** The category segment, decoded (it may name no category). */
  category?: string;
  /** The product id segment, decoded. */
  id?: string;
}

/**
 * The parts of a catalogue page's path (a trailing slash allowed), in any case of letters as the
 * app's router matches them; undefined for any other path.
 */
export function catalogPagePath(pathname: string): CatalogPagePath | undefined {
  const match = /^\/products(?:\/([^/]+)(?:\/([^/]+))?)?\/*$/i.exec(pathname);
  if (!match) return undefined;
  return {
    ...(match[1] ? { category: safeDecode(match[1]) } : {}),
    ...(match[2] ? { id: safeDecode(match[2]) } : {}),
  };
}

/**
 * The catalogue answers a storefront route shows on its first screen, by pathname and query
 * string. Routes that need nothing from the catalogue (or need the browser's cart) get none. A
 * product under a category that does not exist is still read (the server sends its page to the
 * product's own address).
 */
export function firstScreenCalls(pathname: string, search = ""): string[] {
  if (/^\/*$/.test(pathname)) return [homeBestSellers()];
  const page = catalogPagePath(pathname);
  if (!page) return [];
  if (page.category === undefined) {
    return [allProductsPage(searchText(new URLSearchParams(search).get("search")))];
  }
  const category = findCategory(page.category);
  if (page.id === undefined) return category ? [categoryPage(category.path)] : [];
  return [productPath(page.id), ...(category ? [relatedProducts(category.path)] : [])];
}

/** A path segment decoded, or as it is when it is not valid percent-encoding. */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
