import { and, asc, count, eq } from "drizzle-orm";
import type { Address, AddressInput } from "../../../contract/address";
import type { Db, Executor } from "../../db/database";
import { isUuid } from "../../db/ids";
import { addresses, users } from "../../db/schema";
import { AppError, notFound } from "../../http/app-error";

const MAX_ADDRESSES = 50;

export function toAddress(row: typeof addresses.$inferSelect): Address {
  const { id, firstName, lastName, email, street, city, state, zipcode, country, phone } = row;
  return { _id: id, firstName, lastName, email, street, city, state, zipcode, country, phone };
}

export async function listAddresses(db: Executor, userId: string): Promise<Address[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.createdAt), asc(addresses.id));
  return rows.map(toAddress);
}

/**
 * Saves a new address, at most MAX_ADDRESSES a shopper. One transaction holding the shopper's row,
 * so that many requests at once cannot each count one under the cap and all insert.
 */
export async function addAddress(db: Db, userId: string, input: AddressInput): Promise<Address> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [saved] = await tx
      .select({ n: count() })
      .from(addresses)
      .where(eq(addresses.userId, userId));
    if ((saved?.n ?? 0) >= MAX_ADDRESSES)
      throw new AppError("conflict", `You can save at most ${MAX_ADDRESSES} addresses.`);
    const [row] = await tx
      .insert(addresses)
      .values({ ...input, userId })
      .returning();
    return toAddress(row!);
  });
}

/** Changes one of the shopper's own addresses; past orders keep the address they were placed with. */
export async function updateAddress(
  db: Executor,
  userId: string,
  id: string,
  input: AddressInput,
): Promise<Address> {
  if (!isUuid(id)) throw notFound("Address");
  const [row] = await db
    .update(addresses)
    .set(input)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  if (!row) throw notFound("Address");
  return toAddress(row);
}

/** Deletes one of the shopper's own addresses; past orders keep their copy of it. */
export async function deleteAddress(db: Executor, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound("Address");
  const [row] = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  if (!row) throw notFound("Address");
}
