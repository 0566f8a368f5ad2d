import { describe, expect, it } from "vitest";
import { startupProblem } from "./startup-problems";

const config = {
  port: 3000,
  host: "127.0.0.1",
  dataDir: "/srv/shop/data",
  databaseUrl: "postgres://shop:secret@db.internal:6543/greencart",
};
const systemError = (code: string, more: Record<string, string> = {}) =>
  Object.assign(new Error(`${code} happened`), { code, ...more });

describe("startupProblem", () => {
  it("names the setting to change for what the machine refuses", () => {
    expect(startupProblem(systemError("EADDRINUSE", { syscall: "listen" }), config)).toBe(
      "Port 3000 is already in use on 127.0.0.1: stop the program using it, or set PORT to another port.",
    );
    expect(startupProblem(systemError("EADDRNOTAVAIL", { syscall: "listen" }), config)).toMatch(
      /^HOST=127\.0\.0\.1 is not an address of this machine/,
    );
    expect(startupProblem(systemError("EACCES", { syscall: "listen" }), config)).toMatch(
      /^Port 3000 needs administrator rights/,
    );
    expect(
      startupProblem(systemError("ENOTDIR", { path: "/srv/shop/data/db/postmaster.pid" }), config),
    ).toMatch(/^DATA_DIR=\/srv\/shop\/data cannot hold the store's files \(ENOTDIR/);
  });

  it("says which database server could not be reached, without its password", () => {
    // Node tries each address of a name in turn and reports them together.
    const refused = new AggregateError([systemError("ECONNREFUSED"), systemError("ECONNREFUSED")]);
    const problem = startupProblem(refused, config);
    expect(problem).toMatch(
      /^Could not reach the PostgreSQL server of DATABASE_URL at db\.internal:6543/,
    );
    expect(problem).not.toContain("secret");
    expect(startupProblem(systemError("3D000"), config)).toMatch(
      /does not exist on db\.internal:6543/,
    );
    expect(startupProblem(systemError("28P01"), config)).toMatch(/refused the login/);
    expect(startupProblem(new Error("timeout expired"), config)).toMatch(/did not answer in time/);
  });

  it("leaves anything else to be reported whole (a fault to look into)", () => {
    expect(startupProblem(new TypeError("x is undefined"), config)).toBeUndefined();
    expect(
      startupProblem(systemError("ECONNREFUSED"), { ...config, databaseUrl: undefined }),
    ).toBeUndefined();
    expect(startupProblem("not an error", config)).toBeUndefined();
  });
});
