import { parseArgs } from "node:util";
import { z } from "zod";
import { ConfigError, loadConfig } from "../../config";
import { openDatabase } from "../../db/open-database";
import { DataDirLockedError } from "../../db/pglite";
import { upsertSeller } from "./seller-accounts";

export const sellerCreateUsage =
  "usage: npm run seller:create -- --email owner@shop.example --password 'a long password'";

/** 0 done, 1 the database could not be opened or written, 2 wrong arguments (nothing touched). */
export const exitCodes = { ok: 0, failed: 1, usage: 2 } as const;

export type SellerCreateArgs =
  | { kind: "help" }
  | { kind: "invalid"; errors: string[] }
  | { kind: "create"; email: string; password: string };

// The same rules as SELLER_EMAIL / SELLER_PASSWORD (server/config.ts).
const argsSchema = z.object({
  email: z
    .string({ error: "--email is required" })
    .trim()
    .max(254, "--email must be at most 254 characters")
    .pipe(z.email("--email must be an email address")),
  password: z
    .string({ error: "--password is required" })
    .min(8, "--password must be at least 8 characters")
    .max(128, "--password must be at most 128 characters"),
});

const known = new Set(["email", "password", "help"]);

/** Reads `--email`, `--password` (or `--help`); every mistake is named in plain words. */
export function parseSellerCreateArgs(argv: string[]): SellerCreateArgs {
  const { values, tokens } = parseArgs({
    args: argv,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const errors: string[] = [];
  for (const token of tokens) {
    if (token.kind === "positional") errors.push(`Unexpected argument: ${token.value}`);
    if (token.kind !== "option") continue;
    if (!known.has(token.name)) errors.push(`Unknown option: ${token.rawName}`);
    else if (token.name !== "help" && token.value === undefined)
      errors.push(`${token.rawName} needs a value`);
  }
  if (values.help === true) return { kind: "help" };
  if (errors.length > 0) return { kind: "invalid", errors };
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success)
    return { kind: "invalid", errors: parsed.error.issues.map((i) => i.message) };
  return { kind: "create", email: parsed.data.email.toLowerCase(), password: parsed.data.password };
}

export interface Output {
  log(line: string): void;
  error(line: string): void;
}

/**
 * `npm run seller:create`: adds a seller, or sets a new password for an existing one, in the
 * database the configuration names (DATA_DIR or DATABASE_URL). Returns the exit code.
 */
export async function runSellerCreate(
  argv: string[],
  env: Record<string, string | undefined>,
  out: Output,
): Promise<number> {
  const args = parseSellerCreateArgs(argv);
  if (args.kind === "help") {
    out.log(sellerCreateUsage);
    return exitCodes.ok;
  }
  if (args.kind === "invalid") {
    args.errors.forEach((line) => out.error(line));
    out.error(sellerCreateUsage);
    return exitCodes.usage;
  }
  let database;
  try {
    database = await openDatabase(loadConfig(env));
  } catch (error) {
    const known = error instanceof ConfigError || error instanceof DataDirLockedError;
    out.error(known ? messageOf(error) : `Could not open the database: ${messageOf(error)}`);
    return exitCodes.failed;
  }
  try {
    const outcome = await upsertSeller(database.db, args.email, args.password);
    const what = {
      created: `Seller ${args.email} created.`,
      password_changed: `Seller ${args.email} exists: password changed, open sessions ended.`,
      unchanged: `Seller ${args.email} already exists with this password.`,
    }[outcome];
    out.log(`${what} They can log in at /seller.`);
    return exitCodes.ok;
  } catch (error) {
    out.error(`Could not save the seller: ${messageOf(error)}`);
    return exitCodes.failed;
  } finally {
    await database.close();
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
