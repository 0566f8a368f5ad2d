import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import type { Database, Db, PreparedStatement } from "./database";
import { migrateDatabase, pgliteMigrationConnection } from "./migrate-database";
import { pgliteSettings } from "./pglite-settings";
import { assertChannel } from "./postgres";
import * as schema from "./schema";

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

/**
 * Embedded PostgreSQL (PGlite): the zero-setup default. Its files live in `dataDir`; without one
 * it runs in memory (tests). PGlite is single-process, so a lock file stops a second server on the
 * same folder at once instead of corrupting it.
 */
export async function openPglite(
  dataDir?: string,
  options: { loadDataDir?: Blob } = {},
): Promise<Database> {
  let releaseLock = () => {};
  let client: PGlite;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    releaseLock = takeLock(path.join(dataDir, "pglite.lock"));
    try {
      const folder = path.join(dataDir, "pglite");
      if (!fs.existsSync(path.join(folder, "PG_VERSION"))) await createInOwnProcess(folder);
      client = await PGlite.create(folder, pgliteSettings);
    } catch (error) {
      releaseLock();
      throw error;
    }
  } else {
    // In memory (tests): from a migrated copy when given one, which saves migrating again.
    client = await PGlite.create({ ...pgliteSettings, loadDataDir: options.loadDataDir });
  }
  const db = drizzle(client, { schema }) as unknown as Db;
  await migrateDatabase(pgliteMigrationConnection(client));

  return {
    db,
    kind: "pglite",
    // (PGlite runs one statement at a time in this process: nothing to gain from naming it.)
    prepared: async <T>(statement: PreparedStatement, values: unknown[]) =>
      (await client.query<T>(statement.text, values)).rows,
    listen: async (channel, callback) => {
      assertChannel(channel);
      await client.listen(channel, (payload) => callback(payload));
    },
    notify: async (channel, payload = "") => {
      assertChannel(channel);
      await client.query("select pg_notify($1, $2)", [channel, payload]);
    },
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

/** Runs pglite-create.ts in a child process, so the memory creating a database takes goes with it. */
async function createInOwnProcess(folder: string): Promise<void> {
  const script = path.join(import.meta.dirname, "pglite-create.ts");
  const child = spawn(process.execPath, ["--import", "tsx", script, folder], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  if (code !== 0)
    throw new Error(`Could not create the embedded database in ${folder}:\n${errors}`);
}
