import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Executor } from "../db/database";
import { sessions } from "../db/schema";
import { notAuthorized } from "./errors";

/** Shopper and seller sessions are separate cookies, so one browser can be both at once. */
export const cookieNames = { user: "sid", seller: "seller_sid" } as const;
export type SessionKind = keyof typeof cookieNames;

const ABSOLUTE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** How often `last_seen_at` is refreshed: not on every request, to keep reads cheap. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export interface CookieSettings {
  secure: boolean;
}

/** Creates a session row and returns its token (a fresh random token at every login). */
export async function createSession(
  db: Executor,
  kind: SessionKind,
  ownerId: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + ABSOLUTE_LIFETIME_MS);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: kind === "user" ? ownerId : null,
    sellerId: kind === "seller" ? ownerId : null,
    expiresAt,
  });
  return { token, expiresAt };
}

/** Starts a new session and sets its cookie. */
export async function startSession(
  db: Executor,
  reply: FastifyReply,
  kind: SessionKind,
  ownerId: string,
  cookie: CookieSettings,
): Promise<void> {
  const { token, expiresAt } = await createSession(db, kind, ownerId);
  reply.setCookie(cookieNames[kind], token, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: cookie.secure,
    expires: expiresAt,
  });
}

/** Deletes the session on the server and clears its cookie. */
export async function endSession(
  db: Executor,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
  cookie: CookieSettings,
) {
  const token = request.cookies[cookieNames[kind]];
  if (token) await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  reply.clearCookie(cookieNames[kind], {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: cookie.secure,
  });
}

/** The id of the session's owner, or undefined when there is no live session of that kind. */
export async function findSessionOwner(
  db: Executor,
  request: FastifyRequest,
  kind: SessionKind,
): Promise<string | undefined> {
  const token = request.cookies[cookieNames[kind]];
  if (!token || token.length > 100) return undefined;
  const tokenHash = hashToken(token);
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())))
    .limit(1);
  const ownerId = kind === "user" ? row?.userId : row?.sellerId;
  if (!row || !ownerId) return undefined;
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date() })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  return ownerId;
}

/** The logged-in shopper's id; 401 `Not Authorized` otherwise. */
export async function requireUser(db: Executor, request: FastifyRequest): Promise<string> {
  const id = await findSessionOwner(db, request, "user");
  if (!id) throw notAuthorized();
  return id;
}

/** The logged-in seller's id; 401 `Not Authorized` otherwise, whatever shopper session is held. */
export async function requireSeller(db: Executor, request: FastifyRequest): Promise<string> {
  const id = await findSessionOwner(db, request, "seller");
  if (!id) throw notAuthorized();
  return id;
}

/** Removes expired sessions; called now and then by the server's housekeeping. */
export async function deleteExpiredSessions(db: Executor): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
