import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { PGlite } from "@electric-sql/pglite";
import { migrateDatabase, pgliteMigrationConnection } from "../db/migrate-database";
import { pgliteSettings } from "../db/pglite-settings";
import { openPostgres } from "../db/postgres";
import { adminQuery, withDatabase } from "./test-database";

/**
 * Migrates a database once per test run, the numbered migrations and the function files alike
 * (server/db/migrate-database.ts); every test file then starts from a copy of it: PGlite
 * loads the dumped data folder, PostgreSQL copies a template database. (Migrating costs seconds;
 * a copy costs milliseconds.)
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_DB === "postgres") {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
    const name = `greencart_template_${process.pid}_${randomBytes(3).toString("hex")}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const database = await openPostgres(withDatabase(adminUrl, name), undefined, 1);
    await database.close();
    project.provide("postgresTemplate", name);
    return async () => {
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    };
  }
  const client = await PGlite.create(pgliteSettings);
  await migrateDatabase(pgliteMigrationConnection(client));
  const dump = await client.dumpDataDir("none");
  await client.close();
  const file = path.join(os.tmpdir(), `greencart-template-${process.pid}-${Date.now()}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return async () => fs.rmSync(file, { force: true });
}
