import { hashPassword } from "../modules/auth/passwords";
import type { Executor } from "../db/database";
import { sellers, users } from "../db/schema";
import { cookieNames, createSession } from "../http/sessions";

let counter = 0;

/** A shopper with a live session; pass `cookies` to app.inject to act as them. */
export async function createShopper(
  db: Executor,
  overrides: { name?: string; email?: string; password?: string } = {},
) {
  counter++;
  const password = overrides.password ?? "correct-horse-battery";
  const [user] = await db
    .insert(users)
    .values({
      name: overrides.name ?? `Shopper ${counter}`,
      email: overrides.email ?? `shopper${counter}-${Date.now()}@example.com`,
      passwordHash: await hashPassword(password),
    })
    .returning();
  if (!user) throw new Error("createShopper: nothing inserted");
  const { token } = await createSession(db, "user", user.id);
  return { user, password, cookies: { [cookieNames.user]: token } };
}

/** A seller with a live session. */
export async function createSeller(
  db: Executor,
  overrides: { email?: string; password?: string } = {},
) {
  counter++;
  const password = overrides.password ?? "seller-secret-password";
  const [seller] = await db
    .insert(sellers)
    .values({
      email: overrides.email ?? `seller${counter}-${Date.now()}@example.com`,
      passwordHash: await hashPassword(password),
    })
    .returning();
  if (!seller) throw new Error("createSeller: nothing inserted");
  const { token } = await createSession(db, "seller", seller.id);
  return { seller, password, cookies: { [cookieNames.seller]: token } };
}

/** A session's cookies as a `Cookie` header, for requests over real HTTP. */
export function cookieHeader(cookies: Record<string, string>): string {
  return Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
}
