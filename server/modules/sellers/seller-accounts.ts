import { randomBytes } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/database";
import { withStartupLock } from "../../db/startup-lock";
import { sellers, sessions } from "../../db/schema";
import { hashPassword, verifyPassword } from "../auth/passwords";

export const DEFAULT_SELLER_EMAIL = "seller@greencart.local";

export interface SellerLogin {
  email: string;
  /**
   * Set only when generated just now: shown once, stored nowhere else. A configured one is the
   * operator's own and is never printed (it would land in every start's log).
   */
  password?: string;
  source: "config" | "generated" | "existing";
}

/**
 * Makes sure a seller can log in. With SELLER_EMAIL/SELLER_PASSWORD that account exists with that
 * password (updated if it changed). Without them, the first start creates one with a random password.
 */
export function ensureSellerAccount(
  db: Db,
  configured?: { email: string; password: string },
): Promise<SellerLogin> {
  // One process at a time: two first starts together must not make two different passwords.
  return withStartupLock(db, (tx) => ensureSellerNow(tx, configured));
}

async function ensureSellerNow(
  db: Executor,
  configured?: { email: string; password: string },
): Promise<SellerLogin> {
  if (configured) {
    await upsertSeller(db, configured.email, configured.password);
    return { email: configured.email, source: "config" };
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
    // Running store processes forget the sessions they recently checked (on commit).
    await tx.execute(sql`select pg_notify('session_ended', '*')`);
  });
  return "password_changed";
}

const labels = new Map<string, string>();

/** How the stock ledger names a seller: `seller <email>` (kept in memory; emails never change). */
export async function sellerLabel(db: Executor, sellerId: string): Promise<string> {
  const known = labels.get(sellerId);
  if (known) return known;
  const [row] = await db
    .select({ email: sellers.email })
    .from(sellers)
    .where(eq(sellers.id, sellerId))
    .limit(1);
  const label = row ? `seller ${row.email}` : "seller";
  if (labels.size < 1000) labels.set(sellerId, label);
  return label;
}
