/**
 * The Idempotency-Key of a checkout, kept by the browser (localStorage, like the cart) rather
 * than by the cart page: a shopper whose order's answer was lost, who left the cart and came back
 * (or opened it in another tab) and pressed Place Order again for the same cart, address and
 * payment, sends the same key, and the server answers with the order it already placed instead of
 * placing a second one.
 */
const STORAGE = "greencart:checkout";

/**
 * A press this long after the last one for the same checkout is a new order: a key kept longer
 * would answer a shopper who orders the same things again later with the earlier order.
 */
export const CHECKOUT_KEY_KEPT_MS = 30 * 60_000;

interface Kept {
  /** Whose checkout: another shopper on this browser starts their own. */
  user: string;
  /** What is ordered, where to and how it is paid (`checkoutKeyFor`'s `checkout`). */
  checkout: string;
  key: string;
  /** When it was last sent. */
  at: number;
  /** Whether the server answered it (a refusal counts; a request that never came back not). */
  answered?: boolean;
}

/** What is kept when the browser refuses its storage (private modes, a full disk): this page's. */
let unstored: Kept | undefined;

function read(): Kept | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(STORAGE) ?? "null") as Partial<Kept> | null;
    return typeof kept?.user === "string" &&
      typeof kept.checkout === "string" &&
      typeof kept.key === "string" &&
      typeof kept.at === "number"
      ? (kept as Kept)
      : undefined;
  } catch {
    return unstored;
  }
}

function write(kept: Kept | undefined): void {
  try {
    if (kept) localStorage.setItem(STORAGE, JSON.stringify(kept));
    else localStorage.removeItem(STORAGE);
  } catch {
    unstored = kept;
  }
}

/**
 * The key to send for `user`'s `checkout` (products and quantities, address and payment, as one
 * string): the one sent for the same checkout less than `CHECKOUT_KEY_KEPT_MS` ago, else a new
 * one. Prices are not part of it: a retry after a lost answer stays the same order even when a
 * price shown has changed since (the server does not count prices in the key either).
 */
export function checkoutKeyFor(user: string, checkout: string, now = Date.now()): string {
  const kept = read();
  const key =
    kept && kept.user === user && kept.checkout === checkout && now - kept.at < CHECKOUT_KEY_KEPT_MS
      ? kept.key
      : crypto.randomUUID();
  write({ user, checkout, key, at: now, answered: false });
  return key;
}

/** The checkout sent with `key` was placed: the next press is a new order. */
export function forgetCheckoutKey(key: string): void {
  if (read()?.key === key) write(undefined);
}

/** The server answered the checkout sent with `key` (refused it: a placed one is forgotten). */
export function checkoutAnswered(key: string): void {
  const kept = read();
  if (kept?.key === key) write({ ...kept, answered: true });
}

/**
 * Whether `user`'s last Place Order, less than `CHECKOUT_KEY_KEPT_MS` ago, never had an answer
 * (the connection dropped, or the page was closed or reloaded while it was on its way): it may
 * have been placed, and the cart page says where to look.
 */
export function checkoutUnanswered(user: string, now = Date.now()): boolean {
  const kept = read();
  return kept?.user === user && kept.answered === false && now - kept.at < CHECKOUT_KEY_KEPT_MS;
}
