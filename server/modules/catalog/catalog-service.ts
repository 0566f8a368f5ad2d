import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Product, ProductListQuery } from "../../../contract/product";
import type { Executor } from "../../db/database";
import { isUuid } from "../../db/ids";
import { products } from "../../db/schema";
import { AppError, notFound } from "../../http/errors";
import { toProduct } from "./product-view";

/** How close a name must be to the search text to count as a typo of it (pg_trgm word similarity). */
const TYPO_SIMILARITY = 0.4;

interface KeysetCursor {
  kind: "keyset";
  createdAt: string;
  id: string;
}
interface OffsetCursor {
  kind: "offset";
  offset: number;
}
type Cursor = KeysetCursor | OffsetCursor;

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString("base64url");

function decodeCursor(text: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as Cursor;
    if (value.kind === "offset" && Number.isInteger(value.offset) && value.offset >= 0)
      return value;
    if (
      value.kind === "keyset" &&
      typeof value.createdAt === "string" &&
      isUuid(value.id) &&
      !Number.isNaN(Date.parse(value.createdAt))
    ) {
      return value;
    }
  } catch {
    // fall through
  }
  throw new AppError("validation_failed", "cursor is invalid");
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The catalogue, newest first. With `q`, names containing the text come first, then names that
 * are a small typo away from it.
 */
export async function listProducts(
  db: Executor,
  query: ProductListQuery,
): Promise<{ products: Product[]; nextCursor?: string | null }> {
  const filters: SQL[] = [isNull(products.deletedAt)];
  if (query.category) filters.push(eq(products.category, query.category));
  if (query.inStock === "true") filters.push(eq(products.inStock, true));
  if (query.inStock === "false") filters.push(eq(products.inStock, false));

  const q = query.q?.toLowerCase();
  const contains = q ? sql`lower(${products.name}) like ${`%${escapeLike(q)}%`}` : undefined;
  const similarity = q ? sql`word_similarity(${q}, lower(${products.name}))` : undefined;
  if (contains && similarity)
    filters.push(sql`(${contains} or ${similarity} >= ${TYPO_SIMILARITY})`);

  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  if (cursor?.kind === "keyset" && !q) {
    filters.push(
      sql`(${products.createdAt}, ${products.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`,
    );
  }
  const offset = cursor?.kind === "offset" ? cursor.offset : 0;
  if (cursor && (cursor.kind === "offset") !== Boolean(q))
    throw new AppError("validation_failed", "cursor is invalid");

  const order =
    contains && similarity
      ? [desc(contains), desc(similarity), desc(products.createdAt), desc(products.id)]
      : [desc(products.createdAt), desc(products.id)];
  const base = db
    .select({ row: products, createdAtText: sql<string>`${products.createdAt}::text` })
    .from(products)
    .where(and(...filters))
    .orderBy(...order);

  if (!query.limit) {
    const rows = await base;
    return { products: rows.map((r) => toProduct(r.row)) };
  }
  const rows = await base.limit(query.limit + 1).offset(offset);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  let nextCursor: string | null = null;
  if (rows.length > query.limit && last) {
    nextCursor = q
      ? encodeCursor({ kind: "offset", offset: offset + query.limit })
      : encodeCursor({ kind: "keyset", createdAt: last.createdAtText, id: last.row.id });
  }
  return { products: page.map((r) => toProduct(r.row)), nextCursor };
}

/** One product that is not deleted; 404 otherwise. */
export async function getProduct(db: Executor, id: string): Promise<Product> {
  if (!isUuid(id)) throw notFound("Product");
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .limit(1);
  if (!row) throw notFound("Product");
  return toProduct(row);
}
