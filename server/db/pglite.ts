import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { Database, Db } from "./database";
import { migrationsFolder } from "./migrations-folder";
import * as schema from "./schema";

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

/**
 * Embedded PostgreSQL (PGlite): the zero-setup default. Its files live in `dataDir`; without one
 * it runs in memory (tests). PGlite is single-process, so a lock file stops a second server on the
 * same folder at once instead of corrupting it.
 */
export async function openPglite(dataDir?: string): Promise<Database> {
  let releaseLock = () => {};
  let client: PGlite;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    releaseLock = takeLock(path.join(dataDir, "pglite.lock"));
    try {
      client = await PGlite.create(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
    } catch (error) {
      releaseLock();
      throw error;
    }
  } else {
    client = await PGlite.create({ extensions: { pg_trgm } });
  }
  const db = drizzle(client, { schema }) as unknown as Db;
  await migrate(drizzle(client, { schema }), { migrationsFolder });

  const listeners: (() => void)[] = [];
  await client.listen("catalog_changed", () => listeners.forEach((l) => l()));

  return {
    db,
    kind: "pglite",
    onCatalogChange: (listener) => void listeners.push(listener),
    ping: async () => void (await client.query("select 1")),
    close: async () => {
      try {
        await client.close();
      } finally {
        releaseLock();
      }
    },
  };
}

/** Lock files this process holds (a PID alone cannot tell: containers reuse PID 1 after a crash). */
const heldHere = new Set<string>();

function takeLock(lockPath: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      heldHere.add(lockPath);
      return () => {
        heldHere.delete(lockPath);
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(fs.readFileSync(lockPath, "utf8").trim());
      if (heldHere.has(lockPath) || (holder && holder !== process.pid && isAlive(holder))) {
        throw new DataDirLockedError(
          `The data folder ${path.dirname(lockPath)} is in use by another GreenCart server (process ${holder}). ` +
            `Stop that server first, or start this one with another DATA_DIR. ` +
            `To run several server processes, use a PostgreSQL server (DATABASE_URL).`,
        );
      }
      // The process that held the lock is gone (a crash or kill -9): the lock is stale.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${path.dirname(lockPath)}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
