import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openEmptyDatabase, type EmptyDatabase } from "../test/empty-database";
import {
  copyFunctionsFolder,
  functionBody,
  markFunctionBody,
  recordedFiles,
} from "../test/function-files";
import { createTestDatabase, testDbKind } from "../test/test-database";
import { queryRows } from "./database";
import { migrateDatabase } from "./migrate-database";
import { readSqlFunctionFiles } from "./sql-functions";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function emptyDatabase(): Promise<EmptyDatabase> {
  const database = await openEmptyDatabase();
  cleanups.push(() => database.close());
  return database;
}

function functionsCopy(): string {
  const copy = copyFunctionsFolder();
  cleanups.push(copy.remove);
  return copy.folder;
}

const files = readSqlFunctionFiles();
const fileNames = files.map((file) => file.name);
const declaredTriggers = files
  .flatMap((file) => [...file.text.matchAll(/CREATE OR REPLACE TRIGGER (\w+)/g)])
  .map((match) => match[1]!)
  .sort();

describe(`the SQL function files (${testDbKind})`, () => {
  it("leave a fresh database with exactly the functions and triggers of server/db/functions, as the files say", async () => {
    const { connection } = await emptyDatabase();

    expect(await migrateDatabase(connection)).toEqual({ appliedFunctions: fileNames });

    // Functions of the shop's own, not those of an extension (pg_trgm's live in public too).
    const functions = await connection.query<{ name: string }>(
      `select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and not exists (
          select 1 from pg_depend d
           where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
        order by 1`,
    );
    expect(functions.map((f) => `${f.name}.sql`)).toEqual(fileNames);
    for (const file of files)
      expect(file.text).toContain(await functionBody(connection, file.name.replace(".sql", "")));
    const triggers = await connection.query<{ name: string }>(
      "select tgname as name from pg_trigger where not tgisinternal order by 1",
    );
    expect(triggers.map((t) => t.name)).toEqual(declaredTriggers);

    // The next start finds nothing to do.
    expect(await migrateDatabase(connection)).toEqual({ appliedFunctions: [] });
  });

  it("are re-applied at the next start when they change, and only those that changed", async () => {
    const { connection } = await emptyDatabase();
    await migrateDatabase(connection);
    const before = await recordedFiles(connection);
    const folder = functionsCopy();
    markFunctionBody(folder, "place_order.sql", "changed by a test");

    expect(await migrateDatabase(connection, folder)).toEqual({
      appliedFunctions: ["place_order.sql"],
    });
    expect(await functionBody(connection, "place_order")).toContain("-- changed by a test");
    const after = await recordedFiles(connection);
    expect(after["place_order.sql"]!.hash).not.toBe(before["place_order.sql"]!.hash);
    for (const name of fileNames.filter((name) => name !== "place_order.sql"))
      expect(after[name], name).toEqual(before[name]);

    expect(await migrateDatabase(connection, folder)).toEqual({ appliedFunctions: [] });

    // Back to the folder's text (a release rolled back).
    expect(await migrateDatabase(connection)).toEqual({ appliedFunctions: ["place_order.sql"] });
    expect(await functionBody(connection, "place_order")).not.toContain("changed by a test");
  });

  it("change nothing when one fails to apply, and are tried again at the next start", async () => {
    const { connection } = await emptyDatabase();
    await migrateDatabase(connection);
    const before = await recordedFiles(connection);
    const folder = functionsCopy();
    markFunctionBody(folder, "place_order.sql", "applied with a broken file");
    const broken = path.join(folder, "record_stock_change.sql");
    const good = fs.readFileSync(broken, "utf8");
    fs.writeFileSync(
      broken,
      `${good}\nCREATE TRIGGER missing_its_table AFTER INSERT ON nowhere;\n`,
    );

    await expect(migrateDatabase(connection, folder)).rejects.toThrow(
      /record_stock_change\.sql could not be applied/,
    );
    expect(await functionBody(connection, "place_order")).not.toContain("applied with a broken");
    expect(await recordedFiles(connection)).toEqual(before);

    fs.writeFileSync(broken, `${good}\n-- mended\n`);
    expect(await migrateDatabase(connection, folder)).toEqual({
      appliedFunctions: ["place_order.sql", "record_stock_change.sql"],
    });
    expect(await functionBody(connection, "place_order")).toContain("applied with a broken file");
  });

  it("are in the test databases too, copied from the template the test run migrated", async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.close());
    const recorded = await queryRows<{ file_name: string; content_hash: string }>(
      database.db,
      sql`select file_name, content_hash from sql_function_files order by file_name`,
    );
    expect(recorded).toEqual(files.map((f) => ({ file_name: f.name, content_hash: f.hash })));
  });
});
