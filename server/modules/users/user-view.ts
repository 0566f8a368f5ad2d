import type { User } from "../../../contract/user";
import type { users } from "../../db/schema";

/** A user row as the API returns it: never the password hash. */
export function toUser(row: typeof users.$inferSelect): User {
  return { _id: row.id, name: row.name, email: row.email, cartItems: row.cartItems };
}
