import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Executor } from "../db/database";
import { addresses } from "../db/schema";

/** A valid address body; override any field. */
export function addressInput(overrides: Record<string, string> = {}) {
  return {
    firstName: "Asha",
    lastName: "Rao",
    email: "asha@example.com",
    street: "12 MG Road",
    city: "Bengaluru",
    state: "Karnataka",
    zipcode: "560001",
    country: "India",
    phone: "+919876543210",
    ...overrides,
  };
}

/** Inserts an address for `userId` straight into the database. */
export async function insertAddress(
  db: Executor,
  userId: string,
  overrides: Partial<typeof addresses.$inferInsert> = {},
) {
  const [row] = await db
    .insert(addresses)
    .values({ ...addressInput(), ...overrides, userId })
    .returning();
  return row!;
}

/** POST with JSON as a same-origin browser would send it. */
export function post(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  cookies: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  return app.inject({ method: "POST", url, payload: payload as object, cookies, headers });
}

/** Places a cash-on-delivery order of `quantity` (one) of `productId`, expecting 201; its id. */
export async function placeCodOrder(
  app: FastifyInstance,
  cookies: Record<string, string>,
  productId: string,
  addressId: string,
  quantity = 1,
): Promise<string> {
  const response = await post(
    app,
    "/api/order/cod",
    { items: [{ product: productId, quantity }], address: addressId },
    cookies,
  );
  expect(response.statusCode).toBe(201);
  return response.json<{ orderId: string }>().orderId;
}
