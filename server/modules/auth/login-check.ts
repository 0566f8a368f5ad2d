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
import { withNetworkSlot } from "./network-slots";
import { deviceLimit, isTrustedFor } from "./trusted-devices";

/** How many password checks this process has made (tests count them). */
export const passwordChecks = { count: 0 };
/**
 * How many of their address's slots attempts in this process have waited behind: taken by earlier
 * attempts and not come yet (tests count them: after a burst, the next attempt waits at most for
 * the slot after the burst's last, behind none of them).
 */
export const addressSlotsWaitedBehind = { count: 0 };

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
 * A browser holding a device cookie for the account (trusted-devices.ts) skips all of that: its
 * attempts count against its own limit only.
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
    /** The account's id, when the email names one. */
    ownerId?: string;
    /** The stored form of the browser's device cookie for this area, if it sent one. */
    deviceTokenHash?: string;
  },
): Promise<void> {
  if (
    attempt.ownerId &&
    attempt.deviceTokenHash &&
    (await isTrustedFor(db, attempt.area, attempt.deviceTokenHash, attempt.ownerId))
  ) {
    // A browser that logged in here before: limited on its own, whatever its address does.
    const limit = deviceLimit(attempt.deviceTokenHash);
    await countAttempt(db, limit);
    passwordChecks.count++;
    if (!(await verifyPassword(attempt.storedHash, attempt.password)))
      throw new AppError("not_authorized", attempt.failure);
    await clearAttempts(db, limit.subject);
    return;
  }
  const account = loginLimit(attempt.area, attempt.email, attempt.ip);
  const address = loginAddressLimit(attempt.ip);
  await countAttempt(db, account);
  const wait = await countAddressAttempt(db, address);
  if (wait > 0) {
    // Slots are `slowDownMs` apart: every whole one in the wait is an earlier attempt's.
    addressSlotsWaitedBehind.count += Math.floor(wait / address.slowDownMs);
    await sleep(wait);
  }
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
