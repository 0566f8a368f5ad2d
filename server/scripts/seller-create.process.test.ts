import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "../db/pglite";
import { sellers } from "../db/schema";
import { verifyPassword } from "../modules/auth/passwords";
import { parseSellerCreateArgs } from "../modules/sellers/seller-create-command";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-seller-create-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(
    process.execPath,
    ["--import", "tsx", path.resolve(import.meta.dirname, "seller-create.ts"), ...args],
    {
      env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, LOG_LEVEL: "silent", ...env },
      encoding: "utf8",
    },
  );

async function storedHash(email: string) {
  const database = await openPglite(path.join(dataDir, "db"));
  try {
    const [row] = await database.db.select().from(sellers).where(eq(sellers.email, email));
    return row?.passwordHash;
  } finally {
    await database.close();
  }
}

describe("seller:create arguments", () => {
  it.each([
    [[], ["--email is required", "--password is required"]],
    [
      ["--email", "not-an-email", "--password", "long-enough"],
      ["--email must be an email address"],
    ],
    [["--email", "a@shop.example", "--password", "short"], ["--password must be at least 8"]],
    [["--email", "a@shop.example", "--password", "x".repeat(129)], ["at most 128 characters"]],
    [["--emial", "a@shop.example"], ["Unknown option: --emial"]],
    [["--email", "a@shop.example", "--password", "long-enough", "extra"], ["Unexpected argument"]],
    [["--password", "long-enough", "--email"], ["--email needs a value"]],
  ])("refuses %j naming the mistake", (argv, expected) => {
    const parsed = parseSellerCreateArgs(argv);
    expect(parsed.kind).toBe("invalid");
    const errors = parsed.kind === "invalid" ? parsed.errors.join("\n") : "";
    for (const text of expected) expect(errors).toContain(text);
  });

  it("reads a valid pair, lower-casing the email, and --help", () => {
    expect(
      parseSellerCreateArgs(["--email", " Owner@Shop.Example ", "--password", "p@ss word 1"]),
    ).toEqual({ kind: "create", email: "owner@shop.example", password: "p@ss word 1" });
    expect(parseSellerCreateArgs(["--password=with=equals", "--email=a@b.example"])).toEqual({
      kind: "create",
      email: "a@b.example",
      password: "with=equals",
    });
    expect(parseSellerCreateArgs(["--help"])).toEqual({ kind: "help" });
  });
});

describe("npm run seller:create", () => {
  it("adds a seller, changes the password on a rerun, and exits 2 on bad arguments, 1 on a bad database", async () => {
    const bad = run(["--email", "not-an-email", "--password", "short"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("--email must be an email address");
    expect(bad.stderr).toContain("usage: npm run seller:create");
    expect(bad.stderr).not.toMatch(/\bat .*\(.*:\d+:\d+\)/); // no stack trace
    expect(fs.existsSync(path.join(dataDir, "db"))).toBe(false); // nothing opened

    const ok = run(["--email", "Second@Shop.example", "--password", "second-seller-pw"]);
    expect(ok.stderr).toBe("");
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain("second@shop.example created");
    expect(await verifyPassword(await storedHash("second@shop.example"), "second-seller-pw")).toBe(
      true,
    );

    const again = run(["--email", "second@shop.example", "--password", "another-password"]);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain("password changed");
    const hash = await storedHash("second@shop.example");
    expect(await verifyPassword(hash, "another-password")).toBe(true);
    expect(await verifyPassword(hash, "second-seller-pw")).toBe(false);

    const badDatabase = run(["--email", "x@shop.example", "--password", "long-enough"], {
      DATABASE_URL: "mysql://nope",
    });
    expect(badDatabase.status).toBe(1);
    expect(badDatabase.stderr).toContain("DATABASE_URL");
  }, 90_000);
});
