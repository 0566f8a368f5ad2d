// The limits the schemas hold input to, for the forms and rules of the web app that state them
// too. No zod here (as phone.ts): a form or the cart reads a number without loading the schemas,
// and the storefront's entry carries none.

/** How many of one product a cart line or an order line holds at most. */
export const MAX_QUANTITY = 99;

/** The most units of one product the shop may hold (a seller's typing slip is refused, not kept). */
export const MAX_STOCK = 1_000_000;

/** The longest text each typed field takes, in UTF-16 units, as its schema checks it. */
export const MAX_LENGTH = {
  personName: 80,
  email: 254,
  password: 128,
  addressName: 60,
  street: 200,
  addressPlace: 80,
  zipcode: 10,
  productName: 120,
  productWeight: 30,
  stockNote: 200,
} as const;

/** The shortest password a new account may have. */
export const MIN_PASSWORD_LENGTH = 8;
