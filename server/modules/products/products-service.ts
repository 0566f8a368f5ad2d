import { and, eq, isNull, sql } from "drizzle-orm";
import { rupeesToPaise } from "../../../contract/money";
import type { Product, ProductAddInput, ProductUpdateInput } from "../../../contract/product";
import type { Executor } from "../../db/database";
import { isUuid } from "../../db/ids";
import { products } from "../../db/schema";
import { AppError, notFound } from "../../http/errors";
import { toProduct, type ProductRow } from "../catalog/product-view";

export async function createProduct(
  db: Executor,
  input: ProductAddInput,
  images: string[],
): Promise<Product> {
  const [row] = await db
    .insert(products)
    .values({
      name: input.name,
      category: input.category,
      description: input.description,
      pricePaise: rupeesToPaise(input.price),
      offerPricePaise: rupeesToPaise(input.offerPrice),
      weight: input.weight ?? null,
      stock: input.stock,
      inStock: input.stock > 0,
      images,
    })
    .returning();
  return toProduct(row!);
}

async function findLiveProduct(db: Executor, id: string, lock = false): Promise<ProductRow> {
  if (!isUuid(id)) throw notFound("Product");
  const query = db
    .select()
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound("Product");
  return row;
}

/**
 * Changes the fields given. Stock set to 0 takes the product off sale; a restock from 0 puts it
 * back on sale. The offer price is checked against the price the product ends up with.
 */
export async function updateProduct(db: Executor, input: ProductUpdateInput): Promise<Product> {
  return db.transaction(async (tx) => {
    const current = await findLiveProduct(tx, input.id, true);
    const pricePaise = input.price !== undefined ? rupeesToPaise(input.price) : current.pricePaise;
    const offerPricePaise =
      input.offerPrice !== undefined ? rupeesToPaise(input.offerPrice) : current.offerPricePaise;
    if (offerPricePaise > pricePaise)
      throw new AppError("validation_failed", "offerPrice must not be more than price");
    const stockChange =
      input.stock === undefined
        ? {}
        : {
            stock: input.stock,
            inStock: input.stock === 0 ? false : sql`${products.inStock} or ${products.stock} = 0`,
          };
    const [row] = await tx
      .update(products)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.category !== undefined ? { category: input.category } : {}),
        ...(input.weight !== undefined ? { weight: input.weight } : {}),
        pricePaise,
        offerPricePaise,
        ...stockChange,
        updatedAt: new Date(),
      })
      .where(and(eq(products.id, current.id), isNull(products.deletedAt)))
      .returning();
    if (!row) throw notFound("Product");
    return toProduct(row);
  });
}

/** Hides a product from the catalogue; past orders keep their snapshot. */
export async function deleteProduct(db: Executor, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound("Product");
  const [row] = await db
    .update(products)
    .set({ deletedAt: new Date(), inStock: false, updatedAt: new Date() })
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .returning({ id: products.id });
  if (!row) throw notFound("Product");
}

/**
 * Switches a product on or off sale. Switching on needs units in stock: the update says so in its
 * condition (and the database's CHECK would refuse it anyway), so a concurrent sale of the last
 * unit cannot slip between a read and the write.
 */
export async function setInStock(db: Executor, id: string, inStock: boolean): Promise<void> {
  if (!isUuid(id)) throw notFound("Product");
  const [row] = await db
    .update(products)
    .set({ inStock, updatedAt: new Date() })
    .where(
      and(
        eq(products.id, id),
        isNull(products.deletedAt),
        inStock ? sql`${products.stock} > 0` : sql`true`,
      ),
    )
    .returning({ id: products.id });
  if (row) return;
  const current = await findLiveProduct(db, id);
  throw new AppError(
    "conflict",
    `Set a stock count above 0 before marking ${current.name} in stock.`,
  );
}
