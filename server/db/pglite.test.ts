import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { insertProduct } from "../test/factories";
import { DataDirLockedError, openPglite } from "./pglite";
import { products } from "./schema";

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((f) => fs.rmSync(f, { recursive: true, force: true })));
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-pglite-"));
  folders.push(dir);
  return dir;
};

describe("embedded PGlite in a data folder", () => {
  it("keeps data across restarts and refuses a second opener while the first runs", async () => {
    const dir = tempDir();
    const first = await openPglite(dir);
    await insertProduct(first.db, { name: "Persistent Potato" });

    await expect(openPglite(dir)).rejects.toThrow(DataDirLockedError);
    await expect(openPglite(dir)).rejects.toThrow(/in use by another GreenCart server/);

    await first.close();
    const second = await openPglite(dir);
    const [row] = await second.db.select({ n: count() }).from(products);
    expect(row?.n).toBe(1);
    await second.close();
  }, 60_000);

  it("takes over a lock left by a process that no longer runs", async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "pglite.lock"), "999999999");
    const database = await openPglite(dir);
    await database.close();
    expect(fs.existsSync(path.join(dir, "pglite.lock"))).toBe(false);
  }, 60_000);
});
