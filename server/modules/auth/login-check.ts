import type { Executor } from "../../db/database";
import { AppError } from "../../http/errors";
import { verifyPassword } from "./passwords";
import {
  assertWithinLimit,
  clearAttempts,
  loginIpLimit,
  loginLimit,
  recordAttempt,
} from "./rate-limit";

/**
 * One login attempt for either area: refused with 429 while the account+address or the address
 * is over its limit; a wrong password and an unknown account fail alike (same message, same work)
 * and count against both limits; success clears the account's count.
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
  const accountLimit = loginLimit(attempt.area, attempt.email, attempt.ip);
  const addressLimit = loginIpLimit(attempt.ip);
  await assertWithinLimit(db, accountLimit);
  await assertWithinLimit(db, addressLimit);
  if (!(await verifyPassword(attempt.storedHash, attempt.password))) {
    await recordAttempt(db, accountLimit);
    await recordAttempt(db, addressLimit);
    throw new AppError("not_authorized", attempt.failure);
  }
  await clearAttempts(db, accountLimit);
}
