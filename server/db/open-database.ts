import path from "node:path";
import type { Logger } from "pino";
import type { Config } from "../config";
import type { Database } from "./database";
import { openPglite } from "./pglite";
import { openPostgres } from "./postgres";

/** PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite in DATA_DIR. Migrates either way. */
export function openDatabase(config: Config, log?: Logger): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, log, config.databasePoolSize)
    : openPglite(path.join(config.dataDir, "db"));
}
