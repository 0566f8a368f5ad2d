// Creates and migrates a new embedded database in the folder given as the only argument, then
// exits. Run as its own process by openPglite: creating a database makes PGlite's WebAssembly
// memory grow to several hundred MB, and that memory is only given back when its process ends.
import { PGlite } from "@electric-sql/pglite";
import { migrateDatabase, pgliteMigrationConnection } from "./migrate-database";
import { pgliteSettings } from "./pglite-settings";

const folder = process.argv[2];
if (!folder) throw new Error("usage: pglite-create.ts <folder>");
const client = await PGlite.create(folder, pgliteSettings);
await migrateDatabase(pgliteMigrationConnection(client));
await client.close();
