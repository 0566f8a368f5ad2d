import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, inArray, lt } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sessionHintCookie } from "../../contract/session-hints";
import type { Executor } from "../db/database";
import { sessions } from "../db/schema";
import { notAuthorized } from "./app-error";

/** Shopper and seller sessions are separate cookies, so one browser can be both at once. */
export const cookieNames = { user: "sid", seller: "seller_sid" } as const;
export type SessionKind = keyof typeof cookieNames;

const ABSOLUTE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** How often `last_seen_at` is refreshed: not on every request, to keep reads cheap. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export interface CookieSettings {
  secure: boolean;
  /** `none` only with `secure` (config.ts refuses it otherwise): a storefront on another site. */
  sameSite: "lax" | "none";
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

/** Cookie attributes of the hint beside a session cookie (readable by the page's script). */
const hintAttributes = (secure: boolean) =>
  ({ httpOnly: false, sameSite: "lax", path: "/", secure }) as const;

function setHint(reply: FastifyReply, kind: SessionKind, secure: boolean, expires: Date): void {
  reply.setCookie(sessionHintCookie(kind), "1", { ...hintAttributes(secure), expires });
}

function clearHint(reply: FastifyReply, kind: SessionKind, secure: boolean): void {
  reply.clearCookie(sessionHintCookie(kind), hintAttributes(secure));
}

/**
 * For a page (not an API call): a live session without its hint gets one, a hint without its
 * session cookie is cleared, so sessions started before hints existed are still found, and a
 * hint outliving its cookie is not asked about for ever. A session cookie that no longer opens a
 * session (ended elsewhere, its cookie not yet expired) gets no hint, or each page would ask about
 * it again. Returns whether it set a cookie.
 */
export async function matchSessionHints(
  request: FastifyRequest,
  reply: FastifyReply,
  cookie: CookieSettings,
  owner: SessionGuards["owner"],
): Promise<boolean> {
  let changed = false;
  for (const kind of Object.keys(cookieNames) as SessionKind[]) {
    const held = Boolean(request.cookies[cookieNames[kind]]);
    const hinted = Boolean(request.cookies[sessionHintCookie(kind)]);
    if (held === hinted) continue;
    if (!held) clearHint(reply, kind, cookie.secure);
    else if (await owner(request, kind))
      setHint(reply, kind, cookie.secure, new Date(Date.now() + ABSOLUTE_LIFETIME_MS));
    else continue;
    changed = true;
  }
  return changed;
}

/** Starts a new session and sets its cookie (and its hint). */
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
    sameSite: cookie.sameSite,
    path: "/",
    secure: cookie.secure,
    expires: expiresAt,
  });
  setHint(reply, kind, cookie.secure, expiresAt);
}

/** Deletes the session on the server and clears its cookie (and its hint). */
export async function endSession(
  db: Executor,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
  cookie: CookieSettings,
): Promise<string | undefined> {
  const token = request.cookies[cookieNames[kind]];
  const ended = token && token.length <= 100 ? hashToken(token) : undefined;
  if (ended) await db.delete(sessions).where(eq(sessions.tokenHash, ended));
  reply.clearCookie(cookieNames[kind], {
    path: "/",
    httpOnly: true,
    sameSite: cookie.sameSite,
    secure: cookie.secure,
  });
  clearHint(reply, kind, cookie.secure);
  return ended;
}

/** The stored form (sha256) of the request's session token of `kind`, if it sent one. */
export function sessionHashOf(request: FastifyRequest, kind: SessionKind): string | undefined {
  const token = request.cookies[cookieNames[kind]];
  return token && token.length <= 100 ? hashToken(token) : undefined;
}

/** Which of these sessions (by stored hash) still exist and have not expired. */
export async function liveSessionHashes(db: Executor, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(and(inArray(sessions.tokenHash, hashes), gt(sessions.expiresAt, new Date())));
  return new Set(rows.map((r) => r.tokenHash));
}

interface RecentSession {
  userId: string | null;
  sellerId: string | null;
  expiresAt: number;
  checkedAt: number;
}

/**
 * Sessions read in the last few seconds, so that a shopper's burst of requests (a checkout, a
 * flash sale) does not read the session table for each one. A logout forgets its session here at
 * once, and in the other processes as soon as the database tells them (`session_ended`).
 */
export class RecentSessions {
  private readonly entries = new Map<string, RecentSession>();
  constructor(
    private readonly ttlMs = 5000,
    private readonly max = 20_000,
  ) {}

  get(tokenHash: string): RecentSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    const now = Date.now();
    if (now - entry.checkedAt > this.ttlMs || entry.expiresAt <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  remember(tokenHash: string, entry: RecentSession): void {
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(tokenHash, entry);
  }

  forget(tokenHash?: string): void {
    if (tokenHash === undefined) this.entries.clear();
    else this.entries.delete(tokenHash);
  }
}

/** The id of the session's owner, or undefined when there is no live session of that kind. */
export async function findSessionOwner(
  db: Executor,
  request: FastifyRequest,
  kind: SessionKind,
  recent?: RecentSessions,
): Promise<string | undefined> {
  const token = request.cookies[cookieNames[kind]];
  if (!token || token.length > 100) return undefined;
  const tokenHash = hashToken(token);
  const known = recent?.get(tokenHash);
  if (known) return (kind === "user" ? known.userId : known.sellerId) ?? undefined;
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())))
    .limit(1);
  const ownerId = kind === "user" ? row?.userId : row?.sellerId;
  if (!row || !ownerId) return undefined;
  recent?.remember(tokenHash, {
    userId: row.userId,
    sellerId: row.sellerId,
    expiresAt: row.expiresAt.getTime(),
    checkedAt: Date.now(),
  });
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date() })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  return ownerId;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in shopper, set by the `requireShopper` hook. */
    userId: string;
    /** The signed-in seller, set by the `requireSeller` hook. */
    sellerId: string;
  }
}

export interface SessionGuards {
  /** The owner of the request's session of `kind`, if any (read through the recent sessions). */
  owner: (request: FastifyRequest, kind: SessionKind) => Promise<string | undefined>;
  /** Sessions read lately; a logout forgets its own. */
  recent: RecentSessions;
  /** onRequest hook: a shopper session, or 401 `Not Authorized`. Sets `request.userId`. */
  requireShopper: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** onRequest hook: a seller session (whatever shopper session is held), or 401. Sets `request.sellerId`. */
  requireSeller: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** onRequest hook for answers that depend on the session without needing one (logout). */
  personal: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

/**
 * The session checks, run as hooks before the body is read. Every answer that depends on a
 * session is marked `Cache-Control: no-store`, failures included, so no cache keeps one
 * person's answer for another.
 */
export function sessionGuards(
  db: Executor,
  cookie: CookieSettings,
  recent = new RecentSessions(),
): SessionGuards {
  const personal = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header("cache-control", "no-store");
  };
  const owner = (request: FastifyRequest, kind: SessionKind) =>
    findSessionOwner(db, request, kind, recent);
  /** 401; a hint saying there is a session is wrong now (it expired, or ended elsewhere). */
  const refuse = (request: FastifyRequest, reply: FastifyReply, kind: SessionKind) => {
    if (request.cookies[sessionHintCookie(kind)]) clearHint(reply, kind, cookie.secure);
    return notAuthorized();
  };
  return {
    owner,
    recent,
    personal,
    requireShopper: async (request, reply) => {
      await personal(request, reply);
      const id = await owner(request, "user");
      if (!id) throw refuse(request, reply, "user");
      request.userId = id;
    },
    requireSeller: async (request, reply) => {
      await personal(request, reply);
      const id = await owner(request, "seller");
      if (!id) throw refuse(request, reply, "seller");
      request.sellerId = id;
    },
  };
}

/** Removes expired sessions; called now and then by the server's housekeeping. */
export async function deleteExpiredSessions(db: Executor): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
