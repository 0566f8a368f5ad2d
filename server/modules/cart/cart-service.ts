import { and, eq, inArray, isNull } from "drizzle-orm";
import type { CartItems } from "../../../contract/user";
import type { Executor } from "../../db/database";
import { isUuid } from "../../db/ids";
import { products, users } from "../../db/schema";
import { AppError } from "../../http/app-error";

/** Replaces the shopper's saved cart. Every key must be a product of the catalogue. */
export async function saveCart(db: Executor, userId: string, cartItems: CartItems): Promise<void> {
  const ids = Object.keys(cartItems);
  const unknown = ids.find((id) => !isUuid(id));
  if (unknown !== undefined)
    throw new AppError("validation_failed", `cartItems.${unknown} is not a product`);
  if (ids.length > 0) {
    const found = await db
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, ids), isNull(products.deletedAt)));
    const known = new Set(found.map((p) => p.id));
    const missing = ids.find((id) => !known.has(id));
    if (missing !== undefined)
      throw new AppError("validation_failed", `cartItems.${missing} is not a product`);
  }
  await db.update(users).set({ cartItems, updatedAt: new Date() }).where(eq(users.id, userId));
}
