// The drizzle schema, one file per domain in schema/, gathered here whole: drizzle-kit reads this
// file (drizzle.config.ts, `npm run db:generate`), and the typed database handle (database.ts)
// takes every table. Code imports a table from here, or from its domain's file.
export * from "./schema/accounts";
export * from "./schema/catalog";
export * from "./schema/inventory";
export * from "./schema/orders";
export * from "./schema/payments";
export * from "./schema/shop";
