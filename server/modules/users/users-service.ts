import { eq } from "drizzle-orm";
import type { LoginInput, RegisterInput, User } from "../../../contract/user";
import type { Executor } from "../../db/database";
import { isUuid } from "../../db/ids";
import { users } from "../../db/schema";
import { isUniqueViolation } from "../../db/database-errors";
import { AppError, notAuthorized } from "../../http/app-error";
import { checkLogin } from "../auth/login-check";
import { hashPassword } from "../auth/passwords";
import { countAttempt, registerLimit, takenEmailLimit } from "../auth/rate-limit";
import { toUser } from "./user-view";

/**
 * Creates a shopper account. Each attempt counts against the address's limits: a sign-up against
 * `registerLimit`, one with an email already taken against `takenEmailLimit` (otherwise the
 * answer "already exists" would let anyone test emails without end). The unique index decides
 * races between two sign-ups with one email.
 */
export async function registerUser(db: Executor, input: RegisterInput, ip: string): Promise<User> {
  const taken = () =>
    new AppError("conflict", "An account with this email already exists. Please log in.");
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);
  if (existing) {
    await countAttempt(db, takenEmailLimit(ip));
    throw taken();
  }
  // Counted before the (deliberately slow) hash.
  await countAttempt(db, registerLimit(ip));
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(users)
      .values({ name: input.name, email: input.email, passwordHash })
      .returning();
    return toUser(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** Checks a shopper's credentials. Unknown email and wrong password answer alike. */
export async function loginUser(
  db: Executor,
  input: LoginInput,
  ip: string,
  deviceTokenHash?: string,
): Promise<User> {
  const [row] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
  await checkLogin(db, {
    area: "user",
    email: input.email,
    ip,
    password: input.password,
    storedHash: row?.passwordHash,
    failure: "Invalid email or password",
    ownerId: row?.id,
    deviceTokenHash,
  });
  return toUser(row!);
}

export async function getUser(db: Executor, userId: string): Promise<User> {
  const [row] = isUuid(userId)
    ? await db.select().from(users).where(eq(users.id, userId)).limit(1)
    : [];
  if (!row) throw notAuthorized();
  return toUser(row);
}
