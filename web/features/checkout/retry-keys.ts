/**
 * The Idempotency-Keys of the shopper's writes that must happen once however often they are
 * retried (placing an order, adding an address), kept by the browser (localStorage, like the
 * cart) rather than by the page: a shopper whose answer was lost, who left the page and came back
 * (or opened it in another tab) and pressed again for the same content, sends the same key, and
 * the server answers with what it already made instead of making it a second time.
 */
export type RetryPurpose = "checkout" | "address";

/**
 * A press this long after the last one for the same content is a new one: a key kept longer
 * would answer a shopper who orders the same things again later with the earlier order.
 */
export const RETRY_KEY_KEPT_MS = 30 * 60_000;

interface Kept {
  /** Whose: another shopper on this browser starts their own. */
  user: string;
  /** What is sent (`retryKeyFor`'s `content`). */
  content: string;
  key: string;
  /** When it was last sent. */
  at: number;
  /** Whether the server answered it (a refusal counts; a request that never came back not). */
  answered: boolean;
}

const storage = (purpose: RetryPurpose) => `greencart:${purpose}-key`;

/** What is kept when the browser refuses its storage (private modes, a full disk): this page's. */
const unstored = new Map<RetryPurpose, Kept>();

function read(purpose: RetryPurpose): Kept | undefined {
  try {
    const kept = JSON.parse(
      localStorage.getItem(storage(purpose)) ?? "null",
    ) as Partial<Kept> | null;
    return typeof kept?.user === "string" &&
      typeof kept.content === "string" &&
      typeof kept.key === "string" &&
      typeof kept.at === "number" &&
      typeof kept.answered === "boolean"
      ? (kept as Kept)
      : undefined;
  } catch {
    return unstored.get(purpose);
  }
}

function write(purpose: RetryPurpose, kept: Kept | undefined): void {
  try {
    if (kept) localStorage.setItem(storage(purpose), JSON.stringify(kept));
    else localStorage.removeItem(storage(purpose));
  } catch {
    if (kept) unstored.set(purpose, kept);
    else unstored.delete(purpose);
  }
}

/**
 * The key to send for `user`'s `content` (for an order its products and quantities, address and
 * payment, as one string; for an address, the address as stored): the one sent for the same
 * content less than `RETRY_KEY_KEPT_MS` ago, else a new one. An order's prices are not part of
 * it: a retry after a lost answer stays the same order even when a price shown has changed since
 * (the server does not count prices in the key either).
 */
export function retryKeyFor(
  purpose: RetryPurpose,
  user: string,
  content: string,
  now = Date.now(),
): string {
  const kept = read(purpose);
  const key =
    kept && kept.user === user && kept.content === content && now - kept.at < RETRY_KEY_KEPT_MS
      ? kept.key
      : crypto.randomUUID();
  write(purpose, { user, content, key, at: now, answered: false });
  return key;
}

/** What was sent with `key` was made: the next press is a new one. */
export function forgetRetryKey(purpose: RetryPurpose, key: string): void {
  if (read(purpose)?.key === key) write(purpose, undefined);
}

/** The server answered what was sent with `key` (refused it: one made is forgotten). */
export function retryAnswered(purpose: RetryPurpose, key: string): void {
  const kept = read(purpose);
  if (kept?.key === key) write(purpose, { ...kept, answered: true });
}

/**
 * Whether `user`'s last press, less than `RETRY_KEY_KEPT_MS` ago, never had an answer (the
 * connection dropped, or the page was closed or reloaded while it was on its way): it may have
 * been made (the cart page says where to look for an order).
 */
export function retryUnanswered(purpose: RetryPurpose, user: string, now = Date.now()): boolean {
  const kept = read(purpose);
  return kept?.user === user && !kept.answered && now - kept.at < RETRY_KEY_KEPT_MS;
}
