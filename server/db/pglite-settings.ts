import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * PGlite's defaults are PostgreSQL's: 128 MB of shared buffers, reserved inside its WebAssembly
 * memory. A neighbourhood store's catalogue and a day of orders fit in far less, and the store
 * must run on a 1 GB machine.
 */
export const pgliteSettings = {
  extensions: { pg_trgm },
  postgresqlconf: ["shared_buffers = 32MB", "work_mem = 4MB", "maintenance_work_mem = 16MB"],
};
