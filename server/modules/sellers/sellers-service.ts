import { eq } from "drizzle-orm";
import type { SellerLoginInput } from "../../../contract/seller";
import type { Executor } from "../../db/database";
import { sellers } from "../../db/schema";
import { checkLogin } from "../auth/login-check";

/** Checks a seller's credentials (rate-limited like shopper login); returns the seller's id. */
export async function loginSeller(
  db: Executor,
  input: SellerLoginInput,
  ip: string,
  deviceTokenHash?: string,
): Promise<string> {
  const [seller] = await db.select().from(sellers).where(eq(sellers.email, input.email)).limit(1);
  await checkLogin(db, {
    area: "seller",
    email: input.email,
    ip,
    password: input.password,
    storedHash: seller?.passwordHash,
    failure: "Invalid credentials",
    ownerId: seller?.id,
    deviceTokenHash,
  });
  return seller!.id;
}
