import { eq } from "drizzle-orm";
import type { LoginInput, RegisterInput, User } from "../../../contract/user";
import type { Executor } from "../../db/database";
import { isUuid } from "../../db/ids";
import { users } from "../../db/schema";
import { AppError, notAuthorized } from "../../http/errors";
import { checkLogin } from "../auth/login-check";
import { hashPassword } from "../auth/passwords";
import { assertWithinLimit, recordAttempt, registerLimit } from "../auth/rate-limit";
import { toUser } from "./user-view";

const UNIQUE_VIOLATION = "23505";

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

/** Creates a shopper account. The unique index decides races between two sign-ups with one email. */
export async function registerUser(db: Executor, input: RegisterInput, ip: string): Promise<User> {
  const limit = registerLimit(ip);
  await assertWithinLimit(db, limit);
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);
  if (existing)
    throw new AppError("conflict", "An account with this email already exists. Please log in.");
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(users)
      .values({ name: input.name, email: input.email, passwordHash })
      .returning();
    await recordAttempt(db, limit);
    return toUser(row!);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("conflict", "An account with this email already exists. Please log in.");
    throw error;
  }
}

/** Checks a shopper's credentials. Unknown email and wrong password answer alike. */
export async function loginUser(db: Executor, input: LoginInput, ip: string): Promise<User> {
  const [row] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
  await checkLogin(db, {
    area: "user",
    email: input.email,
    ip,
    password: input.password,
    storedHash: row?.passwordHash,
    failure: "Invalid email or password",
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
