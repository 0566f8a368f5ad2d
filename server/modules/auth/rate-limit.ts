import { and, count, eq, gt, lt, min } from "drizzle-orm";
import type { Executor } from "../../db/database";
import { rateLimitEvents } from "../../db/schema";
import { AppError } from "../../http/errors";

export interface Limit {
  /** What is counted, e.g. `login:user:<email>:<ip>`. */
  subject: string;
  max: number;
  windowMs: number;
  message: string;
}

/** Failed logins: about 5 per account and address in 15 minutes (api-contract.md). */
export const loginLimit = (area: "user" | "seller", email: string, ip: string): Limit => ({
  subject: `login:${area}:${email}:${ip}`,
  max: 5,
  windowMs: 15 * 60 * 1000,
  message: "Too many failed login attempts. Please try again later.",
});

/** Failed logins from one address across accounts (password spraying). */
export const loginIpLimit = (ip: string): Limit => ({
  subject: `login-ip:${ip}`,
  max: 50,
  windowMs: 15 * 60 * 1000,
  message: "Too many failed login attempts. Please try again later.",
});

/** Registrations per address: no stricter than 30 in 10 minutes (api-contract.md). */
export const registerLimit = (ip: string): Limit => ({
  subject: `register:${ip}`,
  max: 30,
  windowMs: 10 * 60 * 1000,
  message: "Too many accounts were created from your network. Please try again later.",
});

/** Throws 429 with Retry-After when `limit` is used up. */
export async function assertWithinLimit(db: Executor, limit: Limit): Promise<void> {
  const since = new Date(Date.now() - limit.windowMs);
  const [row] = await db
    .select({ n: count(), oldest: min(rateLimitEvents.at) })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.subject, limit.subject), gt(rateLimitEvents.at, since)));
  if (row && row.n >= limit.max) {
    const oldest = row.oldest ? new Date(row.oldest).getTime() : Date.now();
    const retryAfterSeconds = Math.max(1, Math.ceil((oldest + limit.windowMs - Date.now()) / 1000));
    throw new AppError("rate_limited", limit.message, { retryAfterSeconds });
  }
}

export async function recordAttempt(db: Executor, limit: Limit): Promise<void> {
  await db.insert(rateLimitEvents).values({ subject: limit.subject });
}

export async function clearAttempts(db: Executor, limit: Limit): Promise<void> {
  await db.delete(rateLimitEvents).where(eq(rateLimitEvents.subject, limit.subject));
}

/** Forgets attempts older than any window; called by the server's housekeeping. */
export async function deleteOldAttempts(db: Executor): Promise<void> {
  await db
    .delete(rateLimitEvents)
    .where(lt(rateLimitEvents.at, new Date(Date.now() - 60 * 60 * 1000)));
}
