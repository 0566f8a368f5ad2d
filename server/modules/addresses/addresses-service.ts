import { asc, count, eq } from "drizzle-orm";
import type { Address, AddressInput } from "../../../contract/address";
import type { Executor } from "../../db/database";
import { addresses } from "../../db/schema";
import { AppError } from "../../http/errors";

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

export async function addAddress(
  db: Executor,
  userId: string,
  input: AddressInput,
): Promise<Address> {
  const [saved] = await db
    .select({ n: count() })
    .from(addresses)
    .where(eq(addresses.userId, userId));
  if ((saved?.n ?? 0) >= MAX_ADDRESSES)
    throw new AppError("conflict", `You can save at most ${MAX_ADDRESSES} addresses.`);
  const [row] = await db
    .insert(addresses)
    .values({ ...input, userId })
    .returning();
  return toAddress(row!);
}
