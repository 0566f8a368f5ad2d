import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { freePort } from "../test/free-port";
import { createTestDatabase } from "../test/test-database";
import type { Database } from "./database";
import { fromDatabaseError } from "../http/database-failures";
import { openPostgres } from "./postgres";

/**
 * A TCP relay to PostgreSQL that the test can cut (the server's port then refuses) or stall (it
 * takes connections and passes nothing on, as a host that drops packets), as a network or a
 * failover would.
 */
async function relayTo(databaseUrl: string) {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  let stalled = false;
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on("error", () => {});
    if (stalled) return;
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const url = new URL(databaseUrl);
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.toString(),
    cut: async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    stall: () => {
      stalled = true;
      for (const socket of sockets) socket.destroy();
    },
  };
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a failure");
    },
    (error: unknown) => error,
  );

let real: Database & { url?: string };
beforeAll(async () => {
  real = await createTestDatabase(1);
});
afterAll(async () => {
  await real?.close();
});

describe("a database that cannot be reached or goes away answers 503, try again", () => {
  it("maps node-postgres's connection failures, which carry no SQLSTATE", async () => {
    const nowhere = new pg.Pool({
      connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/test`,
    });
    const refused = await failureOf(nowhere.query("select 1"));
    expect(fromDatabaseError(refused)).toMatchObject({ code: "unavailable", status: 503 });
    await nowhere.end();

    // A connection whose server process went away while it was idle.
    const client = new pg.Client({ connectionString: real.url });
    const broke = new Promise((resolve) => client.on("error", resolve));
    const admin = new pg.Client({ connectionString: real.url });
    admin.on("error", () => {}); // the database is dropped under it if the test fails midway
    // The first connection may take a while on a loaded machine: only the wait below is short.
    const busy = new pg.Pool({
      connectionString: real.url,
      max: 1,
      connectionTimeoutMillis: 10_000,
    });
    busy.on("error", () => {});
    try {
      await client.connect();
      const { pid } = (await client.query<{ pid: number }>("select pg_backend_pid() as pid"))
        .rows[0]!;
      await admin.connect();
      await admin.query("select pg_terminate_backend($1)", [pid]);
      await broke;
      const lost = await failureOf(client.query("select 1"));
      expect(fromDatabaseError(lost)).toMatchObject({ code: "unavailable", status: 503 });

      // Every connection busy for longer than the pool will wait.
      const held = await busy.connect();
      busy.options.connectionTimeoutMillis = 50;
      const waited = await failureOf(busy.query("select 1"));
      expect(fromDatabaseError(waited)).toMatchObject({ code: "unavailable", status: 503 });
      held.release();
    } finally {
      await client.end().catch(() => {});
      await busy.end().catch(() => {});
      await admin.end().catch(() => {});
    }

    // An ordinary error stays a bug.
    expect(fromDatabaseError(new Error("Cannot read properties of undefined"))).toBeUndefined();
  });

  it(
    "does not wait minutes for a database host that takes connections and never answers",
    {
      timeout: 20_000,
    },
    async () => {
      const relay = await relayTo(real.url!);
      // 1 s to connect: enough for a loaded machine's first connection, far from minutes.
      const database = await openPostgres(relay.url, undefined, 1, 1_000);
      try {
        expect(await database.prepared({ name: "one", text: "select 1 as one" }, [])).toEqual([
          { one: 1 },
        ]);
        relay.stall();
        // The first statements may fail at once on the connections just cut; the next ones need a
        // new connection, which the stalled host takes and never answers.
        await failureOf(database.db.execute(sql`select 1`));
        await failureOf(database.prepared({ name: "two", text: "select 2 as two" }, []));
        const started = Date.now();
        const read = await failureOf(database.db.execute(sql`select 1`));
        const order = await failureOf(
          database.prepared({ name: "two", text: "select 2 as two" }, []),
        );
        expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
        expect(Date.now() - started).toBeLessThan(8_000);
        expect(fromDatabaseError(read)).toMatchObject({ code: "unavailable", status: 503 });
        expect(fromDatabaseError(order)).toMatchObject({ code: "unavailable", status: 503 });
      } finally {
        await relay.cut();
        await database.close();
      }
    },
  );

  it("logs a lost connection as what failed, not the driver's client with its cancel key", async () => {
    const lines: string[] = [];
    const log = pino({ level: "warn" }, { write: (line: string) => void lines.push(line) });
    // Its own application_name, so that only its connections are ended.
    const url = new URL(real.url!);
    url.searchParams.set("application_name", "lost_connection_log");
    const database = await openPostgres(url.toString(), log, 2);
    try {
      await database.db.execute(sql`select 1`); // an idle pooled connection
      await database.prepared({ name: "one", text: "select 1 as one" }, []); // the order lane's
      const admin = new pg.Client({ connectionString: real.url });
      await admin.connect();
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'lost_connection_log'",
      );
      await admin.end();
      for (let i = 0; i < 50 && lines.length < 3; i++) await new Promise((r) => setTimeout(r, 100));
      const logged = lines.map((l) => JSON.parse(l) as { msg: string; err: unknown });
      expect([...new Set(logged.map((l) => l.msg))].sort()).toEqual([
        "idle PostgreSQL connection failed",
        "the change listener lost its connection; reconnecting",
        "the order connection failed; the next order opens another",
      ]);
      for (const line of lines) {
        expect(line).not.toMatch(/secretKey|processID|connectionParameters/);
        expect(line.length).toBeLessThan(1_000);
      }
      expect(logged[0]!.err).toMatchObject({ message: expect.any(String) as string });
    } finally {
      await database.close();
    }
  });

  it("leaves a client that hung up mid-request to Fastify (400), not a database outage", () => {
    const aborted = Object.assign(new Error("aborted"), { code: "ECONNRESET", statusCode: 400 });
    expect(fromDatabaseError(aborted)).toBeUndefined();
    const epipe = Object.assign(new Error("write EPIPE"), { code: "EPIPE" });
    expect(fromDatabaseError(epipe)).toMatchObject({ code: "unavailable", status: 503 });
  });

  describe("through the API", () => {
    let relay: Awaited<ReturnType<typeof relayTo>>;
    let database: Database;
    let app: FastifyInstance;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-lost-db-"));
    beforeAll(async () => {
      relay = await relayTo(real.url!);
      database = await openPostgres(relay.url);
      app = await buildApp({
        config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", MEDIA_STORE: "local" }),
        database,
        logger: false,
        webRoot: path.join(dataDir, "no-web"),
      });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await database?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it("answers a read that needs the database 503 with Retry-After once it is gone, not 500", async () => {
      expect((await app.inject({ url: "/api/product/list?q=tomato" })).statusCode).toBe(200);
      await relay.cut();
      const response = await app.inject({ url: "/api/product/list?q=onion" });
      expect(response.statusCode).toBe(503);
      expect(response.headers["retry-after"]).toBe("5");
      expect(response.json()).toEqual({
        success: false,
        code: "unavailable",
        message: "The store is busy right now. Please try again in a moment.",
      });
    });
  });
});
