import { isIPv6 } from "node:net";
import { and, eq, lt, or, isNull, sql } from "drizzle-orm";
import { queryRows, type Executor } from "../../db/database";
import { authCounters } from "../../db/schema";
import { AppError } from "../../http/app-error";

/**
 * The authentication limits (docs/decisions/010-login-limits.md). Each attempt is counted by one
 * conditional statement on one row per subject, before any password is hashed, so a hundred
 * parallel attempts, in one process or several, count exactly one hundred.
 */
export interface Limit {
  /** What is counted, e.g. `login:user:<email>:<ip>`. */
  subject: string;
  max: number;
  windowMs: number;
  message: string;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/**
 * The network an address is counted as: an IPv4 address as itself (also when written as IPv6,
 * `::ffff:203.0.113.9`); an IPv6 address as its /64, which one host or one home is given whole,
 * so that walking through its addresses does not buy fresh limits.
 */
export function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const bare = ip.split("%")[0]!;
  const [head = "", tail = ""] = bare.split("::");
  const groupsOf = (part: string) => (part ? part.split(":") : []);
  const left = groupsOf(head);
  const right = bare.includes("::") ? groupsOf(tail) : [];
  // An IPv4 tail (::ffff:… aside, e.g. 64:ff9b::192.0.2.1) stands for two groups.
  const rightGroups = right.reduce((n, group) => n + (group.includes(".") ? 2 : 1), 0);
  const zeros = bare.includes("::") ? 8 - left.length - rightGroups : 0;
  const groups = [...left, ...Array<string>(zeros).fill("0"), ...right].slice(0, 4);
  return `${groups.map((group) => parseInt(group, 16).toString(16)).join(":")}::/64`;
}

/** Attempts per account and source address: about 5 in 15 minutes (api-contract.md). */
export const loginLimit = (area: "user" | "seller", email: string, ip: string): Limit => ({
  subject: `login:${area}:${email}:${networkOf(ip)}`,
  max: 5,
  windowMs: FIFTEEN_MINUTES,
  message: "Too many failed login attempts. Please try again later.",
});

/**
 * Logins from one address across accounts (password spraying). Past the cap, attempts are spaced
 * out (one per `slowDownMs`, waiting up to `maxWaitMs`), not refused outright: people behind one
 * address keep logging in, a little slower, while an attacker gets 5 password checks a second.
 */
export const loginAddressLimit = (ip: string) => ({
  subject: `login-ip:${networkOf(ip)}`,
  max: 50,
  windowMs: FIFTEEN_MINUTES,
  slowDownMs: 200,
  maxWaitMs: 5_000,
  message: "Too many login attempts from your network. Please try again in a little while.",
});

/** Registrations per address: no stricter than 30 in 10 minutes (api-contract.md). */
export const registerLimit = (ip: string): Limit => ({
  subject: `register:${networkOf(ip)}`,
  max: 30,
  windowMs: 10 * 60 * 1000,
  message: "Too many accounts were created from your network. Please try again later.",
});

/**
 * Sign-ups from one address with an email that already has an account: counted apart from
 * registrations, so that the answer "already exists" cannot test emails without end, and a
 * network's real sign-ups keep their own 30.
 */
export const takenEmailLimit = (ip: string): Limit => ({
  subject: `register-taken:${networkOf(ip)}`,
  max: 30,
  windowMs: 10 * 60 * 1000,
  message: "Too many sign-up attempts from your network. Please try again later.",
});

/**
 * Counts one attempt against `limit` (a new window starts when the last one has passed) and
 * throws 429 with Retry-After when it is over the limit.
 */
export async function countAttempt(db: Executor, limit: Limit): Promise<number> {
  const { count, resetAt } = await bump(db, limit.subject, limit.windowMs);
  if (count > limit.max) {
    const retryAfterSeconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
    throw new AppError("rate_limited", limit.message, { retryAfterSeconds });
  }
  return count;
}

async function bump(
  db: Executor,
  subject: string,
  windowMs: number,
): Promise<{ count: number; resetAt: Date }> {
  const window = sql`make_interval(secs => ${windowMs / 1000})`;
  const [row] = await queryRows<{ count: number; window_started_at: string | Date }>(
    db,
    sql`insert into auth_counters as c (subject, count, window_started_at)
        values (${subject}, 1, now())
        on conflict (subject) do update set
          count = case when c.window_started_at <= now() - ${window} then 1 else c.count + 1 end,
          window_started_at = case when c.window_started_at <= now() - ${window}
                                   then now() else c.window_started_at end
        returning count, window_started_at`,
  );
  return {
    count: Number(row!.count),
    resetAt: new Date(new Date(row!.window_started_at).getTime() + windowMs),
  };
}

/**
 * Counts an attempt from an address; past the cap, takes the next free slot (at most `maxWaitMs`
 * ahead) and returns how long to wait for it, or throws 429 when every slot that near is taken.
 */
export async function countAddressAttempt(
  db: Executor,
  limit: ReturnType<typeof loginAddressLimit>,
): Promise<number> {
  const { count } = await bump(db, limit.subject, limit.windowMs);
  if (count <= limit.max) return 0;
  const spacing = sql`make_interval(secs => ${limit.slowDownMs / 1000})`;
  const [slot] = await queryRows<{ wait_ms: number }>(
    db,
    sql`update auth_counters
        set next_slot_at = greatest(coalesce(next_slot_at, now()), now()) + ${spacing}
        where subject = ${limit.subject}
          and greatest(coalesce(next_slot_at, now()), now()) <= now() + make_interval(secs => ${limit.maxWaitMs / 1000})
        returning (extract(epoch from (next_slot_at - ${spacing} - now())) * 1000)::int as wait_ms`,
  );
  if (!slot) {
    // Not counted: a refused attempt takes no password check.
    await forget(db, limit.subject);
    throw new AppError("rate_limited", limit.message, {
      retryAfterSeconds: Math.ceil(limit.maxWaitMs / 1000),
    });
  }
  return Math.max(0, Number(slot.wait_ms));
}

/** Takes one attempt back (it succeeded, or it was refused before doing anything). */
export async function forget(db: Executor, subject: string): Promise<void> {
  await db
    .update(authCounters)
    .set({ count: sql`greatest(${authCounters.count} - 1, 0)` })
    .where(eq(authCounters.subject, subject));
}

/** Clears a subject's count (a correct login clears its account's failures). */
export async function clearAttempts(db: Executor, subject: string): Promise<void> {
  await db.delete(authCounters).where(eq(authCounters.subject, subject));
}

/** Forgets counters older than any window; called by the server's housekeeping. */
export async function deleteOldAttempts(db: Executor): Promise<void> {
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
  await db
    .delete(authCounters)
    .where(
      and(
        lt(authCounters.windowStartedAt, hourAgo),
        or(isNull(authCounters.nextSlotAt), lt(authCounters.nextSlotAt, new Date())),
      ),
    );
}
