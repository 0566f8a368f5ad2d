/** The limits an order is placed within (stock held while paying, the largest total). */

/** How long an online order holds its stock while the shopper pays: the 30-minute checkout plus a little grace for late provider events. */
export const PAYMENT_HOLD_MINUTES = 32;

/**
 * Limits on stock held by unpaid online checkouts (docs/decisions/013-unpaid-holds.md): a shopper
 * may have at most 2 waiting at once, and one network (many accounts behind one address) 10; one
 * checkout may hold at most 20% of a product's units on hand, or 10 units if that is more; and all
 * of them together at most half of a product's units (on hand and held), one unit at least, so
 * that however many accounts start checkouts, half a sale's stock is always there for those who
 * pay.
 */
export const HOLD_LIMITS = {
  maxUnpaidCheckouts: 2,
  maxPerNetwork: 10,
  share: 0.2,
  floor: 10,
  totalShare: 0.5,
} as const;

/** The largest total an order can have: its amount is a PostgreSQL integer, in paise. */
export const MAX_ORDER_PAISE = 2_147_483_647;
