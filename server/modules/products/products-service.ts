import { and, eq, isNull, sql } from "drizzle-orm";
import { rupeesToPaise } from "../../../contract/money";
import { MAX_STOCK } from "../../../contract/product";
import type {
  Product,
  ProductAddInput,
  ProductUpdateInput,
  RestockInput,
} from "../../../contract/product";
import type { Db, Executor } from "../../db/database";
import { isUuid } from "../../db/ids";
import { products } from "../../db/schema";
import { AppError, notFound } from "../../http/app-error";
import { toProduct, type ProductRow } from "../catalog/product-view";
import { describeStockChange } from "../inventory/stock-ledger";
import type { PublicUrls } from "../media/public-urls";

/** Adds a product; its first stock is the first line of its ledger. */
export async function createProduct(
  db: Db,
  input: ProductAddInput,
  images: string[],
  actor: string,
  urls: PublicUrls,
): Promise<Product> {
  return db.transaction(async (tx) => {
    await describeStockChange(tx, { reason: "restock", actor, note: "Initial stock" });
    const [row] = await tx
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
        lowStockThreshold: input.lowStockThreshold,
        images,
      })
      .returning();
    return toProduct(row!, urls);
  });
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
 * Changes the fields given. Stock is "set to N": the ledger records the difference as an edit.
 * Stock set to 0 takes the product off sale; set above 0, it is on sale unless the seller switched
 * it off. The offer price is checked against the price the product ends up with.
 */
export async function updateProduct(
  db: Db,
  input: ProductUpdateInput,
  actor: string,
  urls: PublicUrls,
): Promise<Product> {
  return db.transaction(async (tx) => {
    const current = await findLiveProduct(tx, input.id, true);
    const pricePaise = input.price !== undefined ? rupeesToPaise(input.price) : current.pricePaise;
    const offerPricePaise =
      input.offerPrice !== undefined ? rupeesToPaise(input.offerPrice) : current.offerPricePaise;
    if (offerPricePaise > pricePaise)
      throw new AppError("validation_failed", "offerPrice must not be more than price");
    if (input.stock !== undefined && input.stock !== current.stock)
      await describeStockChange(tx, {
        reason: "edit",
        actor,
        note: `Set to ${input.stock}`,
      });
    const stockChange =
      input.stock === undefined
        ? {}
        : {
            stock: input.stock,
            inStock: sql`${input.stock} > 0 and not ${products.switchedOff}`,
          };
    const [row] = await tx
      .update(products)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.category !== undefined ? { category: input.category } : {}),
        ...(input.weight !== undefined ? { weight: input.weight } : {}),
        ...(input.lowStockThreshold !== undefined
          ? { lowStockThreshold: input.lowStockThreshold }
          : {}),
        pricePaise,
        offerPricePaise,
        ...stockChange,
        updatedAt: new Date(),
      })
      .where(and(eq(products.id, current.id), isNull(products.deletedAt)))
      .returning();
    if (!row) throw notFound("Product");
    return toProduct(row, urls);
  });
}

/**
 * Adds units (or removes them, with a negative quantity) as a delta in one conditional update,
 * so it is safe while orders are taking stock: it never overwrites what they took. Refused for a
 * deleted product (404), and when the stock would go below zero or an addition would take it
 * above MAX_STOCK (409; a removal is always allowed). A sold-out product comes back on sale; one
 * the seller switched off stays off.
 */
export async function restockProduct(
  db: Db,
  input: RestockInput,
  actor: string,
  urls: PublicUrls,
): Promise<Product> {
  if (!isUuid(input.id)) throw notFound("Product");
  return db.transaction(async (tx) => {
    await describeStockChange(tx, { reason: "restock", actor, note: input.note || undefined });
    const [row] = await tx
      .update(products)
      .set({
        stock: sql`${products.stock} + ${input.quantity}`,
        inStock: sql`${products.stock} + ${input.quantity} > 0 and not ${products.switchedOff}`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(products.id, input.id),
          isNull(products.deletedAt),
          sql`${products.stock} + ${input.quantity} >= 0`,
          input.quantity < 0
            ? undefined
            : sql`${products.stock} + ${input.quantity} <= ${MAX_STOCK}`,
        ),
      )
      .returning();
    if (row) return toProduct(row, urls);
    const current = await findLiveProduct(tx, input.id);
    if (input.quantity > 0)
      throw new AppError(
        "conflict",
        `${current.name} has ${current.stock.toLocaleString("en-IN")} in stock: at most ${MAX_STOCK.toLocaleString("en-IN")} units of a product can be kept.`,
      );
    throw new AppError(
      "conflict",
      `Only ${current.stock} of ${current.name} in stock: cannot remove ${-input.quantity}.`,
    );
  });
}

/** Sets a product's pictures (kept ones and new ones, largest first). */
export async function setProductImages(
  db: Db,
  id: string,
  images: string[],
  urls: PublicUrls,
): Promise<Product> {
  const current = await findLiveProduct(db, id);
  const [row] = await db
    .update(products)
    .set({ images, updatedAt: new Date() })
    .where(and(eq(products.id, current.id), isNull(products.deletedAt)))
    .returning();
  if (!row) throw notFound("Product");
  return toProduct(row, urls);
}

export async function findProductImages(db: Executor, id: string): Promise<string[]> {
  return (await findLiveProduct(db, id)).images;
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
 * Switches a product on or off sale. Off, it stays off through restocks and returned units
 * (`switched_off`) until switched on again. Switching on needs units in stock: the update says so
 * in its condition (and the database's CHECK would refuse it anyway), so a concurrent sale of the
 * last unit cannot slip between a read and the write.
 */
export async function setInStock(db: Executor, id: string, inStock: boolean): Promise<void> {
  if (!isUuid(id)) throw notFound("Product");
  const [row] = await db
    .update(products)
    .set({ inStock, switchedOff: !inStock, updatedAt: new Date() })
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
