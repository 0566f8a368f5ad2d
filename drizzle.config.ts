import { defineConfig } from "drizzle-kit";

// Only used by `npm run db:generate` to write SQL migrations from server/db/schema.ts.
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema.ts",
  out: "./server/db/migrations",
});
