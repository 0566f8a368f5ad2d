// The numeric limits the schemas hold input to, for the rules of the web app that state them too
// (the cart, the restock form). No zod here (as phone.ts): the cart reads them without loading
// the schemas, and the storefront's entry carries none. Text fields' limits: field-lengths.ts.

/** How many of one product a cart line or an order line holds at most. */
export const MAX_QUANTITY = 99;

/** The most units of one product the shop may hold (a seller's typing slip is refused, not kept). */
export const MAX_STOCK = 1_000_000;
