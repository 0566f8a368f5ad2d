import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { MigrationSession } from "../db/sql-functions";
import { readSqlFunctionFiles, sqlFunctionsFolder } from "../db/sql-functions";

/** A copy of server/db/functions that a test may change, removed by `remove`. */
export function copyFunctionsFolder(): { folder: string; remove: () => void } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-functions-"));
  for (const file of readSqlFunctionFiles())
    fs.copyFileSync(path.join(sqlFunctionsFolder, file.name), path.join(folder, file.name));
  return { folder, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

/** Puts a comment line, `-- <marker>`, at the start of the function's body in `file`. */
export function markFunctionBody(folder: string, file: string, marker: string): void {
  const place = path.join(folder, file);
  const text = fs.readFileSync(place, "utf8");
  const body = text.indexOf("\nBEGIN\n");
  if (body < 0) throw new Error(`no BEGIN in ${file}`);
  const at = body + "\nBEGIN\n".length;
  fs.writeFileSync(place, `${text.slice(0, at)}  -- ${marker}\n${text.slice(at)}`);
}

/** The body (`prosrc`) of the function `name` in the public schema. */
export async function functionBody(session: MigrationSession, name: string): Promise<string> {
  const [row] = await session.query<{ body: string }>(
    `select p.prosrc as body from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.proname = $1`,
    [name],
  );
  if (!row) throw new Error(`no function ${name}`);
  return row.body;
}

/** The function files as this database recorded them, by file name. */
export async function recordedFiles(
  session: MigrationSession,
): Promise<Record<string, { hash: string; appliedAt: string }>> {
  const rows = await session.query<{ file_name: string; content_hash: string; applied_at: string }>(
    "select file_name, content_hash, applied_at::text from sql_function_files order by file_name",
  );
  return Object.fromEntries(
    rows.map((row) => [row.file_name, { hash: row.content_hash, appliedAt: row.applied_at }]),
  );
}
