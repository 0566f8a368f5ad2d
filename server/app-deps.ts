import type { Config } from "./config";
import type { ChangeSignal } from "./db/change-signal";
import type { Database, Db } from "./db/database";
import type { CookieSettings, SessionGuards } from "./http/sessions";

/**
 * What every module is given: the configuration and the app's own plumbing, built once by
 * `buildApp`, passed down, never global. A module that needs another's service (the catalogue's
 * cache, the live order streams, public URLs) says so in its own routes' parameter type; this
 * file names no module (decision 039).
 */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  /** Tells every process that committed changes await (stock ledger, order events). */
  changes: ChangeSignal;
  /** Session checks as onRequest hooks. */
  guards: SessionGuards;
  /** How session cookies are set: `Secure` when the store is served over https. */
  sessionCookie: CookieSettings;
}
