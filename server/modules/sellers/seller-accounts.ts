import { randomBytes } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/database";
import { sellers } from "../../db/schema";
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

/** Creates the seller, or sets a new password when the account exists and the password differs. */
export async function upsertSeller(
  db: Executor,
  rawEmail: string,
  password: string,
): Promise<void> {
  const email = rawEmail.trim().toLowerCase();
  const [existing] = await db.select().from(sellers).where(eq(sellers.email, email)).limit(1);
  if (!existing) {
    await db
      .insert(sellers)
      .values({ email, passwordHash: await hashPassword(password) })
      .onConflictDoNothing();
    return;
  }
  if (!(await verifyPassword(existing.passwordHash, password))) {
    await db
      .update(sellers)
      .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
      .where(eq(sellers.id, existing.id));
  }
}
