import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Executor } from "../../db/database";
import { trustedDevices } from "../../db/schema";
import type { CookieSettings, SessionKind } from "../../http/sessions";
import type { Limit } from "./rate-limit";

/**
 * OWASP's device cookie (decision 010): a browser that logged in to an account is given a cookie
 * naming it; its later attempts at that account are limited per browser (5 failures in 15
 * minutes lock that cookie, not the account), and skip the limits counted per address, so no one
 * else behind the shop's Wi-Fi or a carrier's NAT, failing or flooding, can lock the owner out.
 * A stolen cookie buys no password: only the limit changes.
 */
export const deviceCookieNames = { user: "device", seller: "seller_device" } as const;

const LIFETIME_MS = 180 * 24 * 60 * 60 * 1000;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The login limit of one trusted browser. */
export const deviceLimit = (tokenHash: string): Limit => ({
  subject: `login-device:${tokenHash}`,
  max: 5,
  windowMs: 15 * 60 * 1000,
  message: "Too many failed login attempts. Please try again later.",
});

/** The stored form of this request's device cookie of `kind`, if it sent one. */
export function deviceTokenHash(request: FastifyRequest, kind: SessionKind): string | undefined {
  const token = request.cookies[deviceCookieNames[kind]];
  return token && token.length <= 100 ? hashToken(token) : undefined;
}

/** Whether `tokenHash` names a browser that logged in to this account before (and not too long ago). */
export async function isTrustedFor(
  db: Executor,
  kind: SessionKind,
  tokenHash: string,
  ownerId: string,
): Promise<boolean> {
  const owner = kind === "user" ? trustedDevices.userId : trustedDevices.sellerId;
  const [row] = await db
    .select({ tokenHash: trustedDevices.tokenHash })
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.tokenHash, tokenHash),
        eq(owner, ownerId),
        gt(trustedDevices.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * After a successful login: the browser gets a new device cookie for this account (the one it
 * sent, if any, is retired, so a cookie read off the wire is good until the next login).
 */
export async function trustDevice(
  db: Executor,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
  ownerId: string,
  cookie: CookieSettings,
): Promise<void> {
  const old = deviceTokenHash(request, kind);
  if (old) await db.delete(trustedDevices).where(eq(trustedDevices.tokenHash, old));
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + LIFETIME_MS);
  await db.insert(trustedDevices).values({
    tokenHash: hashToken(token),
    userId: kind === "user" ? ownerId : null,
    sellerId: kind === "seller" ? ownerId : null,
    expiresAt,
  });
  reply.setCookie(deviceCookieNames[kind], token, {
    httpOnly: true,
    sameSite: cookie.sameSite,
    // Only the login calls read it.
    path: "/api/",
    secure: cookie.secure,
    expires: expiresAt,
  });
}

/** Forgets browsers not seen at a login for the cookie's lifetime; the server's housekeeping. */
export async function deleteExpiredDevices(db: Executor): Promise<void> {
  await db.delete(trustedDevices).where(lt(trustedDevices.expiresAt, new Date()));
}
