import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { queryRows } from "./db/database";
import { openPglite } from "./db/pglite";
import { freePort } from "./test/free-port";
import { adminQuery, withDatabase } from "./test/test-database";

// The real process, as `npm start` runs it: config → database → seed → listen, and a clean stop.

const mainFile = path.resolve(import.meta.dirname, "main.ts");
const running: ChildProcess[] = [];
const folders: string[] = [];
afterAll(() => {
  running.forEach((p) => p.kill("SIGKILL"));
  folders.forEach((f) => fs.rmSync(f, { recursive: true, force: true }));
});

interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>, port: number, ipc = false): Started {
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", mainFile], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: os.tmpdir(),
      PORT: String(port),
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe", ...(ipc ? (["ipc"] as const) : [])],
  });
  running.push(child);
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, port, output: () => output, exited };
}

/** Waits for the whole start-up banner: the URL, then (written apart) the seller login. */
async function waitUntilRunning(server: Started, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!/GreenCart is running at[\s\S]*password: .*\n/.test(server.output())) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function productCount(port: number): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/api/product/list`);
  const body = (await response.json()) as { products: unknown[] };
  return body.products.length;
}

describe("the server process", () => {
  it("starts on embedded PostgreSQL with a demo catalogue, refuses a second process on the same folder, keeps data across restarts", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-main-"));
    folders.push(dataDir);

    const first = start({ DATA_DIR: dataDir, LOG_LEVEL: "info" }, await freePort());
    await waitUntilRunning(first);
    expect(first.output()).toContain("DEMO_CATALOG=off starts a new shop empty");
    expect(first.output()).toContain(`GreenCart is running at http://localhost:${first.port}`);
    expect(first.output()).toMatch(/email:\s+seller@greencart\.local/);
    expect(first.output()).toMatch(/password:\s+\S{12,}\s+\(generated: keep it somewhere safe\)/);
    const health = await fetch(`http://127.0.0.1:${first.port}/api/health`);
    expect(health.status).toBe(200);
    const count = await productCount(first.port);
    expect(count).toBeGreaterThanOrEqual(70);

    const second = start({ DATA_DIR: dataDir }, await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain("is in use by another GreenCart server");

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    // The embedded database has no autovacuum: the store's upkeep gave its planner statistics of
    // the catalogue it had just loaded (decision 035).
    const embedded = await openPglite(path.join(dataDir, "db"));
    const [analysed] = await queryRows<{ n: number }>(
      embedded.db,
      sql`select count(*)::int as n from pg_statistic where starelid = 'products'::regclass`,
    );
    await embedded.close();
    expect(analysed!.n).toBeGreaterThan(0);

    const again = start(
      {
        DATA_DIR: dataDir,
        SELLER_EMAIL: "owner@shop.example",
        SELLER_PASSWORD: "owner-password-1",
      },
      await freePort(),
    );
    await waitUntilRunning(again);
    expect(await productCount(again.port)).toBe(count);
    expect(again.output()).toMatch(/email:\s+owner@shop\.example/);
    expect(again.output()).not.toContain("generated");
    // The operator's own password never lands in the output (a service manager keeps it as logs).
    expect(again.output()).not.toContain("owner-password-1");
    expect(again.output()).toMatch(/password:\s+the one in SELLER_PASSWORD/);
    expect(again.output()).toContain("Payments: demo");
    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);
  }, 180_000);

  it("starts a new shop empty with DEMO_CATALOG=off", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-main-empty-"));
    folders.push(dataDir);
    const server = start(
      { DATA_DIR: dataDir, DEMO_CATALOG: "off", LOG_LEVEL: "info" },
      await freePort(),
    );
    await waitUntilRunning(server);
    expect(await productCount(server.port)).toBe(0);
    expect(server.output()).not.toContain("loaded the demo catalogue");
    // The category tiles still have their pictures.
    const tile = await fetch(`http://127.0.0.1:${server.port}/media/category-fruits.webp`);
    expect(tile.status).toBe(200);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 120_000);

  it("prepares its database while npm start builds the web app, and listens once told the build is done", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-main-build-"));
    folders.push(dataDir);
    const server = start(
      { DATA_DIR: dataDir, DEMO_CATALOG: "off", GREENCART_AWAIT_WEB_BUILD: "1" },
      await freePort(),
      true,
    );
    const asked = await new Promise((resolve) => server.child.once("message", resolve));
    expect(asked).toBe("database-ready");
    expect(server.output()).toMatch(/\[3\/3\] Database ready in \d+\.\d s/);
    // Not listening while the build runs: the app reads what the build writes.
    await new Promise((r) => setTimeout(r, 300));
    await expect(fetch(`http://127.0.0.1:${server.port}/api/health`)).rejects.toThrow();
    server.child.send("web-built");
    await waitUntilRunning(server);
    expect((await fetch(`http://127.0.0.1:${server.port}/api/health`)).status).toBe(200);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 120_000);

  it("shows the seller login it made even when the first start then fails (its port taken)", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-main-taken-"));
    folders.push(dataDir);
    const taken = net.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => taken.listen(port, "127.0.0.1", resolve));
    try {
      const failed = start({ DATA_DIR: dataDir }, port);
      expect(await failed.exited).toBe(1);
      expect(failed.output()).toContain(
        `GreenCart could not start: Port ${port} is already in use on 127.0.0.1`,
      );
      expect(failed.output()).not.toMatch(/\n\s+at /); // no stack trace
      const password = /password:\s+(\S{12,})\s+\(generated/.exec(failed.output())?.[1];
      expect(password).toBeDefined();

      const next = start({ DATA_DIR: dataDir }, await freePort());
      await waitUntilRunning(next);
      expect(next.output()).toContain("(chosen at first start");
      const login = await fetch(`http://127.0.0.1:${next.port}/api/seller/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: `http://localhost:${next.port}` },
        body: JSON.stringify({ email: "seller@greencart.local", password }),
      });
      expect(login.status).toBe(200);
      next.child.kill("SIGTERM");
      expect(await next.exited).toBe(0);
    } finally {
      taken.close();
    }
  }, 120_000);

  it("stops at once with a clear message and exit code 1 on a bad setting", async () => {
    const server = start({ DATA_DIR: os.tmpdir(), PAYMENT_PROVIDER: "stripe" }, await freePort());
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("Invalid configuration");
    expect(server.output()).toContain(
      "STRIPE_SECRET_KEY: is required when PAYMENT_PROVIDER=stripe",
    );
  }, 60_000);

  const adminUrl = process.env.TEST_DATABASE_URL;
  /** Runs `use` with the URL of a new, empty database on the test server, dropped afterwards. */
  async function withEmptyDatabase(use: (url: string) => Promise<void>): Promise<void> {
    const name = `greencart_main_${randomBytes(4).toString("hex")}`;
    await adminQuery(adminUrl!, `create database ${name}`);
    try {
      await use(withDatabase(adminUrl!, name));
    } finally {
      await adminQuery(adminUrl!, `drop database if exists ${name} with (force)`);
    }
  }

  it.runIf(adminUrl)(
    "runs the same way on a PostgreSQL server (DATABASE_URL)",
    async () => {
      await withEmptyDatabase(async (url) => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-main-pg-"));
        folders.push(dataDir);
        const server = start({ DATA_DIR: dataDir, DATABASE_URL: url }, await freePort());
        await waitUntilRunning(server);
        expect(server.output()).toContain("Database: PostgreSQL");
        expect(await productCount(server.port)).toBeGreaterThanOrEqual(70);
        server.child.kill("SIGTERM");
        expect(await server.exited).toBe(0);
      });
    },
    120_000,
  );

  it.runIf(adminUrl)(
    "seeds the demo catalogue once when two processes start together on an empty database",
    async () => {
      await withEmptyDatabase(async (url) => {
        const servers = await Promise.all(
          [0, 1].map(async () => {
            const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-main-pair-"));
            folders.push(dataDir);
            return start({ DATA_DIR: dataDir, DATABASE_URL: url }, await freePort());
          }),
        );
        await Promise.all(servers.map((s) => waitUntilRunning(s)));
        const counts = await Promise.all(servers.map((s) => productCount(s.port)));
        expect(counts[0]).toBe(counts[1]);
        expect(counts[0]).toBeGreaterThanOrEqual(70);
        expect(counts[0]).toBeLessThan(100);
        // One seller account: one process made its password, the other found it made.
        const generated = servers.filter((s) => s.output().includes("(generated:"));
        const found = servers.filter((s) => s.output().includes("(chosen at first start"));
        expect([generated.length, found.length]).toEqual([1, 1]);
        for (const s of servers) s.child.kill("SIGTERM");
        expect(await Promise.all(servers.map((s) => s.exited))).toEqual([0, 0]);
      });
    },
    120_000,
  );
});

describe("a store whose output nobody reads", () => {
  async function logHeavyStore() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-main-log-"));
    folders.push(dataDir);
    // Every request writes a log line at debug level.
    const server = start({ DATA_DIR: dataDir, LOG_LEVEL: "debug" }, await freePort());
    await waitUntilRunning(server);
    return server;
  }
  const hammer = async (port: number, requests: number) => {
    for (let i = 0; i < requests; i += 50)
      await Promise.all(
        Array.from({ length: 50 }, () =>
          fetch(`http://127.0.0.1:${port}/api/product/list?limit=1&q=x${"y".repeat(200)}`).then(
            (r) => r.arrayBuffer(),
          ),
        ),
      );
  };

  it("keeps answering when the reader has gone away, and stops on SIGTERM", async () => {
    const server = await logHeavyStore();
    server.child.stdout!.destroy();
    server.child.stderr!.destroy();
    await hammer(server.port, 300);
    const health = await fetch(`http://127.0.0.1:${server.port}/api/health`);
    expect(health.status).toBe(200);
    const started = Date.now();
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(11_000);
  }, 120_000);

  it("keeps answering when the reader stops reading (a full pipe), and stops within its deadline", async () => {
    const server = await logHeavyStore();
    server.child.stdout!.pause();
    server.child.stdout!.removeAllListeners("data");
    server.child.stderr!.pause();
    server.child.stderr!.removeAllListeners("data");
    await hammer(server.port, 2000);
    const health = await fetch(`http://127.0.0.1:${server.port}/api/health`);
    expect(health.status).toBe(200);
    const started = Date.now();
    server.child.kill("SIGTERM");
    await server.exited;
    expect(Date.now() - started).toBeLessThan(11_000);
  }, 120_000);
});
