// Creates and migrates a new embedded database in the folder given as the only argument, then
// exits. Run as its own process by openPglite: creating a database makes PGlite's WebAssembly
// memory grow to several hundred MB, and that memory is only given back when its process ends.
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { migrationsFolder } from "./migrations-folder";
import { pgliteSettings } from "./pglite-settings";
import * as schema from "./schema";

const folder = process.argv[2];
if (!folder) throw new Error("usage: pglite-create.ts <folder>");
const client = await PGlite.create(folder, pgliteSettings);
await migrate(drizzle(client, { schema }), { migrationsFolder });
await client.close();
