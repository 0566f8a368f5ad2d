import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The one source of each SQL function (and trigger function, with its triggers) that holds
 * business rules: one file per function, named after it (architecture.md rule 15, decision 038).
 */
export const sqlFunctionsFolder = fileURLToPath(new URL("./functions", import.meta.url));

export interface SqlFunctionFile {
  /** The file's name, `place_order.sql`: also its key in `sql_function_files`. */
  name: string;
  text: string;
  /** SHA-256 of the text: a file is applied again when this differs from the one recorded. */
  hash: string;
}

/** The one connection a start migrates on, whichever the engine. */
export interface MigrationSession {
  /** One statement, with `$1`… parameters. */
  query<T>(text: string, values?: unknown[]): Promise<T[]>;
  /** A script of one or more statements, without parameters. */
  exec(text: string): Promise<void>;
}

export function readSqlFunctionFiles(folder = sqlFunctionsFolder): SqlFunctionFile[] {
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .map((name) => {
      const text = fs.readFileSync(path.join(folder, name), "utf8");
      return { name, text, hash: createHash("sha256").update(text).digest("hex") };
    });
}

/**
 * Applies every function file whose text is not the one last applied to this database, after
 * the numbered migrations (a repeatable migration): all of them or none, in one transaction, so
 * a file that fails leaves the functions as they were and is tried again at the next start.
 * Returns the names of the files applied. The caller holds the migration lock.
 */
export async function applySqlFunctions(
  session: MigrationSession,
  folder = sqlFunctionsFolder,
): Promise<string[]> {
  const files = readSqlFunctionFiles(folder);
  await session.exec("begin");
  try {
    await session.exec(
      `create table if not exists sql_function_files (
         file_name text primary key,
         content_hash text not null,
         applied_at timestamptz not null default now()
       )`,
    );
    const recorded = new Map(
      (
        await session.query<{ file_name: string; content_hash: string }>(
          "select file_name, content_hash from sql_function_files",
        )
      ).map((row) => [row.file_name, row.content_hash]),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (recorded.get(file.name) === file.hash) continue;
      try {
        await session.exec(file.text);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`server/db/functions/${file.name} could not be applied: ${reason}`, {
          cause: error,
        });
      }
      await session.query(
        `insert into sql_function_files (file_name, content_hash) values ($1, $2)
           on conflict (file_name) do update
             set content_hash = excluded.content_hash, applied_at = now()`,
        [file.name, file.hash],
      );
      applied.push(file.name);
    }
    // A file taken out of the folder: its function is dropped by the numbered migration that
    // removed it (decision 038); its record goes, so a file of that name later is applied anew.
    const present = new Set(files.map((file) => file.name));
    for (const name of recorded.keys())
      if (!present.has(name))
        await session.query("delete from sql_function_files where file_name = $1", [name]);
    await session.exec("commit");
    return applied;
  } catch (error) {
    await session.exec("rollback").catch(() => {});
    throw error;
  }
}
