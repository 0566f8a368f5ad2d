import { setTimeout as sleep } from "node:timers/promises";
import type { Executor } from "../../db/database";
import { AppError } from "../../http/app-error";
import { verifyPassword } from "./passwords";
import {
  clearAttempts,
  countAddressAttempt,
  countAttempt,
  forget,
  loginAddressLimit,
  loginLimit,
} from "./rate-limit";

/** How many password checks this process has made (tests count them). */
export const passwordChecks = { count: 0 };

/**
 * Password checks one address may have under way in this process, hashing or waiting for a hash.
 * Its other attempts queue here, behind them, so that one address's burst (50 are let through at
 * once) cannot fill the hashing queue every login shares (passwords.ts answers 503 when it is
 * full): a shopper elsewhere still logs in during an attack.
 */
const CHECKS_PER_ADDRESS = 4;
const addressQueues = new Map<string, { running: number; waiting: (() => void)[] }>();

async function withAddressSlot<T>(ip: string, work: () => Promise<T>): Promise<T> {
  let queue = addressQueues.get(ip);
  if (!queue) addressQueues.set(ip, (queue = { running: 0, waiting: [] }));
  if (queue.running >= CHECKS_PER_ADDRESS) await new Promise<void>((r) => queue.waiting.push(r));
  else queue.running++;
  try {
    return await work();
  } finally {
    const next = queue.waiting.shift();
    if (next) next();
    else if (--queue.running === 0) addressQueues.delete(ip);
  }
}

/**
 * One login attempt for either area. The attempt is counted first, in one statement per limit,
 * and only then is the password checked, so concurrent attempts cannot slip past the limits:
 * - per account and address: the 6th attempt in 15 minutes is refused (429) without a check;
 * - per address, across accounts: past 50, attempts are spaced 200 ms apart (waiting at most 5 s,
 *   429 only when even that is full), so the owner of another account behind the same address
 *   can still log in; and at most 4 of its checks hash or wait for a hash at once.
 * A wrong password and an unknown account fail alike (same message, same work). Success clears
 * the account's count and takes the attempt off the address's.
 */
export async function checkLogin(
  db: Executor,
  attempt: {
    area: "user" | "seller";
    email: string;
    ip: string;
    password: string;
    storedHash: string | undefined;
    failure: string;
  },
): Promise<void> {
  const account = loginLimit(attempt.area, attempt.email, attempt.ip);
  const address = loginAddressLimit(attempt.ip);
  await countAttempt(db, account);
  const wait = await countAddressAttempt(db, address);
  if (wait > 0) await sleep(wait);
  passwordChecks.count++;
  const right = await withAddressSlot(attempt.ip, () =>
    verifyPassword(attempt.storedHash, attempt.password),
  );
  if (!right) {
    throw new AppError("not_authorized", attempt.failure);
  }
  await clearAttempts(db, account.subject);
  await forget(db, address.subject);
}
