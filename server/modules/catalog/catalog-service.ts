import {
  and,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lte,
  ne,
  notInArray,
  sql,
  type SQL,
} from "drizzle-orm";
import { stockLevels, type StockLevel } from "../../../contract/catalogue-urls";
import type { ProductListQuery } from "../../../contract/product";
import type { ProductCounts, ProductCountsQuery } from "../../../contract/seller";
import { queryRows, type Executor } from "../../db/database";
import { isUuid } from "../../db/ids";
import {
  decodeCursorText,
  encodeCursorText,
  keysetText,
  microsOf,
  parseKeyset,
  pastKeyset,
  type Keyset,
} from "../../db/keyset-cursor";
import { orderItems, orders, products } from "../../db/schema";
import { AppError, notFound } from "../../http/app-error";
import type { PublicUrls } from "../media/public-urls";
import { parseSearch, rankedSearch, searchCount, searchOrder } from "./catalog-search";
import { toCatalogEntry, type CatalogEntry } from "./product-view";

/** Search pages by offset; deeper than this nobody scrolls, and the scan would grow. */
const MAX_SEARCH_OFFSET = 5000;

type Cursor = ({ kind: "keyset" } & Keyset) | { kind: "offset"; offset: number };

// Cursors are opaque to clients but strict here: anything not made by encodeCursor is a 400.
const offsetPattern = /^o(\d{1,6})$/;

function encodeCursor(cursor: Cursor): string {
  return encodeCursorText(cursor.kind === "keyset" ? keysetText(cursor) : `o${cursor.offset}`);
}

function decodeCursor(encoded: string): Cursor {
  const invalid = new AppError("validation_failed", "cursor is invalid");
  const text = decodeCursorText(encoded);
  if (text === undefined) throw invalid;
  const keyset = parseKeyset(text);
  if (keyset) return { kind: "keyset", ...keyset };
  const offset = offsetPattern.exec(text);
  if (offset && Number(offset[1]) <= MAX_SEARCH_OFFSET)
    return { kind: "offset", offset: Number(offset[1]) };
  throw invalid;
}

const createdMicros = microsOf(products.createdAt);

export interface CatalogPage {
  entries: CatalogEntry[];
  /** With `limit`: the cursor of the next page, null on the last one. */
  nextCursor?: string | null;
}

/** The products of one `stock` filter (api-contract.md; ProductListQuery). */
function stockCondition(level: StockLevel): SQL {
  switch (level) {
    case "low": // sold out included
      return lte(products.stock, products.lowStockThreshold);
    case "out":
      return eq(products.stock, 0);
    case "off":
      return eq(products.switchedOff, true);
  }
}

/** The list's conditions on the products themselves: not deleted, and its filters. */
function listConditions(query: Pick<ProductListQuery, "category" | "inStock" | "stock">): SQL[] {
  const conditions: SQL[] = [isNull(products.deletedAt)];
  if (query.category) conditions.push(eq(products.category, query.category));
  if (query.inStock === "true") conditions.push(eq(products.inStock, true));
  if (query.inStock === "false") conditions.push(eq(products.inStock, false));
  if (query.stock) conditions.push(stockCondition(query.stock));
  return conditions;
}

/**
 * The catalogue, newest first. With `q`, the products whose names have its words, or a word a typo
 * away where no name has the word itself, best match first (catalog-search.ts). `ids` picks
 * products by id (unknown or deleted ones left out).
 */
export async function listProducts(
  db: Executor,
  query: ProductListQuery,
  urls: PublicUrls,
): Promise<CatalogPage> {
  if (query.sort === "bestselling") return bestSelling(db, query, urls);
  const filters = listConditions(query);
  if (query.ids) {
    const ids = query.ids.filter(isUuid);
    if (ids.length === 0) return { entries: [], ...(query.limit ? { nextCursor: null } : {}) };
    filters.push(inArray(products.id, ids));
  }

  const search = query.q ? parseSearch(query.q) : undefined;
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  if (cursor && (cursor.kind === "offset") !== Boolean(search))
    throw new AppError("validation_failed", "cursor is invalid");
  if (cursor?.kind === "keyset") {
    filters.push(pastKeyset(products.createdAt, products.id, cursor, "<"));
  }
  const offset = cursor?.kind === "offset" ? cursor.offset : 0;

  const where = and(...filters);
  const select = db.select({ row: products, createdMicros }).from(products);
  const page = query.limit ? { limit: query.limit + 1, offset } : undefined;
  // A search pages by offset in its own order (catalog-search.ts), the catalogue by keyset.
  const ranked = search && sql`(${rankedSearch(where!, search, page)}) as ranked`;
  const listing = ranked
    ? select
        .innerJoin(ranked, sql`ranked.id = ${products.id}`)
        .orderBy(...searchOrder)
        .$dynamic()
    : select.where(where).orderBy(desc(products.createdAt), desc(products.id)).$dynamic();
  const rows = await (page && !ranked ? listing.limit(page.limit) : listing);

  if (!query.limit) return { entries: rows.map((r) => toCatalogEntry(r.row, urls)) };
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1);
  let nextCursor: string | null = null;
  if (rows.length > query.limit && last) {
    if (!search)
      nextCursor = encodeCursor({
        kind: "keyset",
        micros: BigInt(last.createdMicros),
        id: last.row.id,
      });
    else if (offset + query.limit <= MAX_SEARCH_OFFSET)
      nextCursor = encodeCursor({ kind: "offset", offset: offset + query.limit });
  }
  return { entries: shown.map((r) => toCatalogEntry(r.row, urls)), nextCursor };
}

/** Best Sellers count the units sold in this many days. */
export const BESTSELLER_DAYS = 30;

/**
 * The products of the list's filters, the most units sold in the last `BESTSELLER_DAYS` days
 * first, newest first among equals (so a shop that has sold nothing yet lists its newest, the
 * spec's "first five"). Sold: placed (cash on delivery at once, online once paid) and not
 * cancelled, as the dashboard counts it; an unpaid checkout is not placed. Two reads, neither a
 * scan of the catalogue: the month's orders by `placed_at` (orders_placed_idx) with their lines
 * by order (order_items_order_product_key), then, when fewer products sold than the page holds,
 * the newest of the others (products_listing_idx). One page: no cursor, no search. Its answer is
 * cached (CatalogCache, "sales"): read again after orders at most every few seconds.
 */
async function bestSelling(
  db: Executor,
  query: ProductListQuery,
  urls: PublicUrls,
): Promise<CatalogPage> {
  if (query.q !== undefined || query.ids !== undefined || query.cursor !== undefined)
    throw new AppError(
      "validation_failed",
      "sort=bestselling lists one page: it takes no q, ids or cursor",
    );
  const filters = and(...listConditions(query));
  const units = sql<number>`sum(${orderItems.quantity})`.as("units");
  const sold = db
    .select({ productId: orderItems.productId, units })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        gte(orders.placedAt, sql`now() - make_interval(days => ${BESTSELLER_DAYS})`),
        ne(orders.status, "Cancelled"),
      ),
    )
    .groupBy(orderItems.productId)
    .as("sold");
  if (query.limit === undefined) {
    // The whole list (no page asks for it): every product ranked in one read.
    const rows = await db
      .select({ row: products })
      .from(products)
      .leftJoin(sold, eq(sold.productId, products.id))
      .where(filters)
      .orderBy(sql`coalesce(${sold.units}, 0) desc`, desc(products.createdAt), desc(products.id));
    return { entries: rows.map((r) => toCatalogEntry(r.row, urls)) };
  }
  // The month's products by units sold, each checked against the filters through its primary
  // key (as many reads as products sold, not the catalogue), the page's best kept.
  const listed = db
    .select({ id: products.id, createdAt: products.createdAt })
    .from(products)
    .where(and(eq(products.id, sold.productId), filters))
    .limit(1)
    .as("listed");
  const ranked = await db
    .select({ id: listed.id })
    .from(sold)
    .crossJoinLateral(listed)
    .orderBy(desc(sold.units), desc(listed.createdAt), desc(listed.id))
    .limit(query.limit);
  const rows = new Map(
    ranked.length === 0
      ? []
      : (
          await db
            .select()
            .from(products)
            .where(
              inArray(
                products.id,
                ranked.map((r) => r.id),
              ),
            )
        ).map((row) => [row.id, row]),
  );
  const best = ranked.flatMap((r) => rows.get(r.id) ?? []);
  // Fewer sold than the page holds: every one that sold is in `best`; the newest others follow.
  const others =
    best.length === query.limit
      ? []
      : await db
          .select()
          .from(products)
          .where(
            and(
              filters,
              best.length > 0
                ? notInArray(
                    products.id,
                    best.map((p) => p.id),
                  )
                : undefined,
            ),
          )
          .orderBy(desc(products.createdAt), desc(products.id))
          .limit(query.limit - best.length);
  return { entries: [...best, ...others].map((row) => toCatalogEntry(row, urls)) };
}

/** One product that is not deleted; 404 otherwise. */
export async function getProduct(
  db: Executor,
  id: string,
  urls: PublicUrls,
): Promise<CatalogEntry> {
  if (!isUuid(id)) throw notFound("Product");
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .limit(1);
  if (!row) throw notFound("Product");
  return toCatalogEntry(row, urls);
}

const countedLevels = ["all", ...stockLevels] as const;

/**
 * How many products `listProducts` answers for `q` and `category`, without a `stock` filter and
 * with each (the seller's product list), in one query. Without `q`, one pass over the products.
 * With it, one search per count: a search decides within all its filters whether a word's typos
 * count (catalog-search.ts): "silk" lists Silk Chocolate from the whole catalogue but, that one
 * being well stocked, Milk from the low-stock products. Each count is what that list answers.
 */
export async function countProducts(
  db: Executor,
  query: ProductCountsQuery,
): Promise<ProductCounts> {
  const conditions = listConditions({ category: query.category });
  const search = query.q ? parseSearch(query.q) : undefined;
  const count = (level: (typeof countedLevels)[number]): SQL => {
    if (search) {
      const within = level === "all" ? conditions : [...conditions, stockCondition(level)];
      return sql`(${searchCount(and(...within)!, search)})`;
    }
    return level === "all" ? sql`count(*)` : sql`count(*) filter (where ${stockCondition(level)})`;
  };
  const columns = sql.join(
    countedLevels.map((level) => sql`${count(level)}::int as ${sql.identifier(level)}`),
    sql`, `,
  );
  const [counts] = await queryRows<ProductCounts>(
    db,
    search
      ? sql`select ${columns}`
      : sql`select ${columns} from ${products} where ${and(...conditions)}`,
  );
  if (!counts) throw new Error("countProducts: no row");
  return counts;
}
