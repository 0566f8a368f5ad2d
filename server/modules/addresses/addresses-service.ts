import { createHash } from "node:crypto";
import { and, asc, count, eq } from "drizzle-orm";
import type { Address, AddressInput } from "../../../contract/address";
import type { Db, Executor } from "../../db/database";
import { isUuid } from "../../db/ids";
import { addresses, users } from "../../db/schema";
import { AppError, notFound } from "../../http/app-error";

const MAX_ADDRESSES = 50;

export function toAddress(row: typeof addresses.$inferSelect): Address {
  const { id, firstName, lastName, email, street, city, state, zipcode, country, phone } = row;
  const location = row.lat === null || row.lng === null ? null : { lat: row.lat, lng: row.lng };
  return {
    _id: id,
    firstName,
    lastName,
    email,
    street,
    city,
    state,
    zipcode,
    country,
    phone,
    location,
  };
}

/** The columns of an address as typed: its location, if given, as its two columns. */
function columnsOf(input: AddressInput) {
  const { location, ...fields } = input;
  return location === undefined
    ? fields
    : { ...fields, lat: location?.lat ?? null, lng: location?.lng ?? null };
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
 * What an add's Idempotency-Key stands for: the address as it is stored (trimmed, the phone
 * normalised), so a retry typed the same way is the same add.
 */
export const addRequestHash = (input: AddressInput) =>
  createHash("sha256")
    .update(
      JSON.stringify([
        input.firstName,
        input.lastName,
        input.email,
        input.street,
        input.city,
        input.state,
        input.zipcode,
        input.country,
        input.phone,
        input.location ?? null,
      ]),
    )
    .digest("hex");

/**
 * Saves a new address, at most MAX_ADDRESSES a shopper. One transaction holding the shopper's row,
 * so that many requests at once cannot each count one under the cap and all insert.
 *
 * With an Idempotency-Key, an add that already made an address with this key (a retry after a lost
 * answer, or its twin sent at once) answers with that address and saves nothing; the same key with
 * another address is refused (422 `idempotency_key_reused`). The unique key (user, key) decides if
 * two ever meet. The key lives with its address: once that address is deleted, it is forgotten.
 */
export async function addAddress(
  db: Db,
  userId: string,
  input: AddressInput,
  idempotencyKey?: string,
): Promise<Address> {
  const keyed =
    idempotencyKey === undefined
      ? undefined
      : { idempotencyKey, requestHash: addRequestHash(input) };
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const earlier = async () => {
      if (!keyed) return undefined;
      const [row] = await tx
        .select()
        .from(addresses)
        .where(
          and(eq(addresses.userId, userId), eq(addresses.idempotencyKey, keyed.idempotencyKey)),
        );
      if (row && row.requestHash !== keyed.requestHash)
        throw new AppError(
          "idempotency_key_reused",
          "This Idempotency-Key was already used for a different address.",
        );
      return row && toAddress(row);
    };
    const replay = await earlier();
    if (replay) return replay;
    const [saved] = await tx
      .select({ n: count() })
      .from(addresses)
      .where(eq(addresses.userId, userId));
    if ((saved?.n ?? 0) >= MAX_ADDRESSES)
      throw new AppError("conflict", `You can save at most ${MAX_ADDRESSES} addresses.`);
    const [row] = await tx
      .insert(addresses)
      .values({ ...columnsOf(input), userId, ...keyed })
      .onConflictDoNothing({ target: [addresses.userId, addresses.idempotencyKey] })
      .returning();
    if (row) return toAddress(row);
    // Another add with this key committed first (only when something skipped the row lock).
    const twin = await earlier();
    if (!twin)
      throw new AppError("conflict", "This address is still being saved. Please wait a moment.");
    return twin;
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
    .set(columnsOf(input))
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
