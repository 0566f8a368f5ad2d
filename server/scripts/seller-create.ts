// `npm run seller:create -- --email owner@shop.example --password '...'`: adds a seller account (or
// sets a new password for an existing one) in the configured database (DATA_DIR or DATABASE_URL).
import { parseArgs } from "node:util";
import { z } from "zod";
import { loadConfig } from "../config";
import { openDatabase } from "../db/open-database";
import { upsertSeller } from "../modules/sellers/seller-accounts";

const argsSchema = z.object({
  email: z.email("--email must be an email address"),
  password: z
    .string()
    .min(8, "--password must be at least 8 characters")
    .max(128, "--password must be at most 128 characters"),
});

const { values } = parseArgs({
  options: { email: { type: "string" }, password: { type: "string" } },
});
const parsed = argsSchema.safeParse(values);
if (!parsed.success) {
  console.error(parsed.error.issues.map((i) => i.message).join("\n"));
  console.error(
    "usage: npm run seller:create -- --email owner@shop.example --password 'a long password'",
  );
  process.exit(1);
}

const database = await openDatabase(loadConfig(process.env));
try {
  await upsertSeller(database.db, parsed.data.email, parsed.data.password);
  console.log(`Seller ${parsed.data.email.toLowerCase()} can now log in at /seller.`);
} finally {
  await database.close();
}
