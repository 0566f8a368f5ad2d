import { eq } from "drizzle-orm";
import type { SellerLoginInput } from "../../../contract/seller";
import type { Executor } from "../../db/database";
import { sellers } from "../../db/schema";
import { AppError } from "../../http/errors";
import { verifyPassword } from "../auth/passwords";
import {
  assertWithinLimit,
  clearAttempts,
  loginIpLimit,
  loginLimit,
  recordAttempt,
} from "../auth/rate-limit";

/** Checks a seller's credentials (rate-limited like shopper login); returns the seller's id. */
export async function loginSeller(
  db: Executor,
  input: SellerLoginInput,
  ip: string,
): Promise<string> {
  const accountLimit = loginLimit("seller", input.email, ip);
  const addressLimit = loginIpLimit(ip);
  await assertWithinLimit(db, accountLimit);
  await assertWithinLimit(db, addressLimit);
  const [seller] = await db.select().from(sellers).where(eq(sellers.email, input.email)).limit(1);
  if (!(await verifyPassword(seller?.passwordHash, input.password)) || !seller) {
    await recordAttempt(db, accountLimit);
    await recordAttempt(db, addressLimit);
    throw new AppError("not_authorized", "Invalid credentials");
  }
  await clearAttempts(db, accountLimit);
  return seller.id;
}
