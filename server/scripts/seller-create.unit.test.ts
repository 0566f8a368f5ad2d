import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "../db/pglite";
import { sellers } from "../db/schema";
import { verifyPassword } from "../modules/auth/passwords";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-seller-create-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const run = (...args: string[]) =>
  spawnSync(
    process.execPath,
    ["--import", "tsx", path.resolve(import.meta.dirname, "seller-create.ts"), ...args],
    {
      env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, LOG_LEVEL: "silent" },
      encoding: "utf8",
    },
  );

describe("npm run seller:create", () => {
  it("adds a seller who can then log in, and refuses bad arguments with exit code 1", async () => {
    const bad = run("--email", "not-an-email", "--password", "short");
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("--email must be an email address");

    const ok = run("--email", "Second@Shop.example", "--password", "second-seller-pw");
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain("second@shop.example can now log in");

    const database = await openPglite(path.join(dataDir, "db"));
    try {
      const [row] = await database.db
        .select()
        .from(sellers)
        .where(eq(sellers.email, "second@shop.example"));
      expect(await verifyPassword(row?.passwordHash, "second-seller-pw")).toBe(true);
    } finally {
      await database.close();
    }
  }, 60_000);
});
