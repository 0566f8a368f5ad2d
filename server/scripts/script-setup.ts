// What the seed scripts share: their arguments read with a usage line instead of Node's own parse
// errors, and the configured database opened with a sentence, not a stack trace, when the
// configuration is wrong or the embedded database is held by a running store.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { ConfigError, loadConfig, type Config } from "../config";
import type { Database } from "../db/database";
import { openDatabase } from "../db/open-database";
import { DataDirLockedError } from "../db/pglite";
import { startupProblem } from "../startup-problems";

/** The script's options, or its usage and exit code 2 on an unknown option or a missing value. */
export function scriptOptions<T extends NonNullable<ParseArgsConfig["options"]>>(
  options: T,
  usage: string,
) {
  try {
    return parseArgs({ options, strict: true }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\nUsage: ${usage}`);
    process.exit(2);
  }
}

/** The store's configuration and database (DATA_DIR or DATABASE_URL), migrated. */
export async function openScriptDatabase(): Promise<{ config: Config; database: Database }> {
  let config: Config | undefined;
  try {
    config = loadConfig(process.env);
    return { config, database: await openDatabase(config) };
  } catch (error) {
    const problem =
      error instanceof ConfigError || error instanceof DataDirLockedError
        ? error.message
        : config && startupProblem(error, config);
    if (!problem) throw error;
    console.error(problem);
    process.exit(1);
  }
}
