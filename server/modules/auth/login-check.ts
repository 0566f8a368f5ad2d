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
  networkOf,
} from "./rate-limit";

/** How many password checks this process has made (tests count them). */
export const passwordChecks = { count: 0 };

/**
 * Password checks one network (rate-limit.ts networkOf) may have under way in this process,
 * hashing or waiting for a hash, and how many more of its attempts may wait behind them. Its
 * attempts queue here, not in the hashing queue every login shares (passwords.ts answers 503 when
 * that is full), so one network's burst (50 are let through at once) cannot fill it and a shopper
 * elsewhere still logs in during an attack. Past both, or after waiting `MAX_WAIT_MS`, an attempt
 * is refused as the address limit refuses one (429): a backlog never piles up in memory.
 */
const CHECKS_PER_NETWORK = 4;
const WAITING_PER_NETWORK = 16;
const MAX_WAIT_MS = 5_000;
const networkQueues = new Map<string, { running: number; waiting: (() => void)[] }>();

async function withNetworkSlot<T>(ip: string, work: () => Promise<T>): Promise<T> {
  const network = networkOf(ip);
  let queue = networkQueues.get(network);
  if (!queue) networkQueues.set(network, (queue = { running: 0, waiting: [] }));
  if (queue.running < CHECKS_PER_NETWORK) queue.running++;
  else {
    const { message, maxWaitMs } = loginAddressLimit(ip);
    const refused = () =>
      new AppError("rate_limited", message, { retryAfterSeconds: Math.ceil(maxWaitMs / 1000) });
    if (queue.waiting.length >= WAITING_PER_NETWORK) throw refused();
    const { waiting } = queue;
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(turn), 1);
        reject(refused());
      }, MAX_WAIT_MS);
      waiting.push(turn);
    });
  }
  try {
    return await work();
  } finally {
    const next = queue.waiting.shift();
    if (next) next();
    else if (--queue.running === 0) networkQueues.delete(network);
  }
}

/**
 * One login attempt for either area. The attempt is counted first, in one statement per limit,
 * and only then is the password checked, so concurrent attempts cannot slip past the limits:
 * - per account and address: the 6th attempt in 15 minutes is refused (429) without a check;
 * - per address, across accounts: past 50, attempts are spaced 200 ms apart (waiting at most 5 s,
 *   429 only when even that is full), so the owner of another account behind the same address
 *   can still log in; and at most 4 of its checks hash or wait for a hash at once, 16 more
 *   waiting behind them for at most 5 s (429 past that).
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
  const right = await withNetworkSlot(attempt.ip, () => {
    passwordChecks.count++;
    return verifyPassword(attempt.storedHash, attempt.password);
  });
  if (!right) {
    throw new AppError("not_authorized", attempt.failure);
  }
  await clearAttempts(db, account.subject);
  await forget(db, address.subject);
}
