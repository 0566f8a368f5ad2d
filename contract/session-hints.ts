/**
 * Beside each session cookie (httpOnly, unreadable to scripts) the server keeps a cookie the
 * page can read that says only that such a session is held. A visitor's page then knows it is a
 * visitor without asking `is-auth`, whose answer would be a 401 logged in the browser's console
 * on every page (docs/decisions/028-session-hint-cookies.md). It holds no secret: forging one
 * costs a 401, after which the server clears it.
 */
export type SessionKind = "user" | "seller";

/** The hint's cookie name: `has_user_session`, `has_seller_session`. */
export const sessionHintCookie = (kind: SessionKind) => `has_${kind}_session`;
