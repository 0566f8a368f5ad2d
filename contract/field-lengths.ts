// The longest text each typed field takes, as its schema checks it, for the forms that stop the
// typing there instead of failing at the server. No zod here (as phone.ts): a form reads them
// without loading the schemas.

/** In UTF-16 units, as the schemas count them. */
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
