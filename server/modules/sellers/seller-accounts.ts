import { randomBytes } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/database";
import { sellers, sessions } from "../../db/schema";
import { hashPassword, verifyPassword } from "../auth/passwords";

export const DEFAULT_SELLER_EMAIL = "seller@greencart.local";

export interface SellerLogin {
  email: string;
  /** Set when it should be printed: configured, or generated just now (printed once, never stored). */
  password?: string;
  source: "config" | "generated" | "existing";
}

/**
 * Makes sure a seller can log in. With SELLER_EMAIL/SELLER_PASSWORD that account exists with that
 * password (updated if it changed). Without them, the first start creates one with a random password.
 */
export async function ensureSellerAccount(
  db: Executor,
  configured?: { email: string; password: string },
): Promise<SellerLogin> {
  if (configured) {
    await upsertSeller(db, configured.email, configured.password);
    return { email: configured.email, password: configured.password, source: "config" };
  }
  const [first] = await db
    .select({ email: sellers.email })
    .from(sellers)
    .orderBy(asc(sellers.createdAt))
    .limit(1);
  if (first) return { email: first.email, source: "existing" };
  const password = randomBytes(12).toString("base64url");
  await upsertSeller(db, DEFAULT_SELLER_EMAIL, password);
  return { email: DEFAULT_SELLER_EMAIL, password, source: "generated" };
}

export type SellerUpsert = "created" | "password_changed" | "unchanged";

/**
 * Creates the seller, or sets a new password when the account exists and the password differs.
 * A changed password ends the seller's open sessions: whoever knew the old one is logged out.
 */
export async function upsertSeller(
  db: Executor,
  rawEmail: string,
  password: string,
): Promise<SellerUpsert> {
  const email = rawEmail.trim().toLowerCase();
  const [existing] = await db.select().from(sellers).where(eq(sellers.email, email)).limit(1);
  if (!existing) {
    const inserted = await db
      .insert(sellers)
      .values({ email, passwordHash: await hashPassword(password) })
      .onConflictDoNothing()
      .returning({ id: sellers.id });
    // Lost a race with another process creating the same account: set the password on theirs.
    return inserted.length > 0 ? "created" : upsertSeller(db, email, password);
  }
  if (await verifyPassword(existing.passwordHash, password)) return "unchanged";
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx
      .update(sellers)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(sellers.id, existing.id));
    await tx.delete(sessions).where(eq(sessions.sellerId, existing.id));
  });
  return "password_changed";
}
