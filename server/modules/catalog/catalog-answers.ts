import { productListPath } from "../../../contract/catalogue-urls";
import {
  productIdParamsSchema,
  productListQuerySchema,
  type ProductListQuery,
} from "../../../contract/product";
import type { Db } from "../../db/database";
import { AppError } from "../../http/app-error";
import type { PublicUrls } from "../media/public-urls";
import type { CatalogAnswer, CatalogCache } from "./catalog-cache";
import { getProduct, listProducts } from "./catalog-service";
import { KeyMemo } from "./key-memo";

/**
 * The catalogue's answers by query, from its cache: what `GET /api/product/list` and
 * `GET /api/product/:id` send, and what a storefront page carries for its first screen, asked for
 * here directly rather than through an in-process HTTP request (docs/decisions/009, 024): the same
 * cached answer, the same bytes.
 */
export class CatalogAnswers {
  private readonly listKeys = new KeyMemo();

  constructor(
    private readonly cache: CatalogCache,
    private readonly db: Db,
    private readonly urls: PublicUrls,
  ) {}

  /** The list for a validated query; `url` is the request's URL (it keys the query's cache key). */
  list(url: string, query: ProductListQuery): Promise<CatalogAnswer> {
    const key = this.listKeys.of(url, () =>
      productListPath({
        ...query,
        q: query.q?.toLowerCase(),
        inStock: query.inStock === undefined ? undefined : query.inStock === "true",
      }),
    );
    return this.cache.list(
      key,
      () => listProducts(this.db, query, this.urls),
      // Chosen by units sold or left, which orders change without a listing change (switched
      // off is one).
      query.sort === "bestselling"
        ? "sales"
        : query.stock === "low" || query.stock === "out"
          ? "stock"
          : "listing",
    );
  }

  /** One product (404 `not_found` if there is none on sale). */
  product(id: string): Promise<CatalogAnswer> {
    return this.cache.product(id, () => getProduct(this.db, id, this.urls));
  }

  /**
   * The answer a GET of `path` (a catalogue call as contract/catalogue-urls.ts builds it) gets
   * with 200, or undefined where the API would answer anything else (a bad query, a product not
   * found); errors of the database are thrown.
   */
  async at(path: string): Promise<CatalogAnswer | undefined> {
    const url = new URL(path, "http://localhost");
    try {
      if (url.pathname === "/api/product/list") {
        // A key given twice is an array to the API's query parser, which its schema refuses.
        const keys = [...url.searchParams.keys()];
        if (new Set(keys).size !== keys.length) return undefined;
        const query = productListQuerySchema.safeParse(Object.fromEntries(url.searchParams));
        return query.success ? await this.list(path, query.data) : undefined;
      }
      const match = /^\/api\/product\/([^/]+)$/.exec(url.pathname);
      if (!match) return undefined;
      const params = productIdParamsSchema.safeParse({ id: decodeURIComponent(match[1]!) });
      return params.success ? await this.product(params.data.id) : undefined;
    } catch (error) {
      if (error instanceof URIError || (error instanceof AppError && error.status < 500))
        return undefined;
      throw error;
    }
  }
}
