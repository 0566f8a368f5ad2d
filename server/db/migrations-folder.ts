import { fileURLToPath } from "node:url";

/** SQL migrations written by drizzle-kit (`npm run db:generate`), shared by both engines. */
export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));
