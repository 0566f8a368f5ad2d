import { Socket } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/test-database";
import { queryRows, type Database } from "./database";
import { fromDatabaseError } from "../http/database-failures";
import { StatementLane } from "./statement-lane";

let database: Database & { url?: string };
let lane: StatementLane;

beforeAll(async () => {
  database = await createTestDatabase();
  lane = new StatementLane(database.url!);
});

afterAll(async () => {
  await lane?.close();
  await database?.close();
});

const divide = { name: "lane_divide", text: "select 12 / $1::int as answer" };
const sleep = { name: "lane_sleep", text: "select pg_sleep($1::float8)::text as slept" };
const backend = { name: "lane_backend", text: "select pg_backend_pid() as pid, $1::int as n" };

/** Counts the socket writes `work` makes (every socket in this process, so nothing else may run). */
async function countWrites(work: () => Promise<unknown>): Promise<number> {
  const proto = Socket.prototype as unknown as Record<
    "_write" | "_writev",
    (...a: unknown[]) => void
  >;
  const original = { _write: proto._write, _writev: proto._writev };
  let writes = 0;
  for (const key of ["_write", "_writev"] as const)
    proto[key] = function (this: Socket, ...args: unknown[]) {
      writes++;
      return original[key].apply(this, args);
    };
  try {
    await work();
  } finally {
    Object.assign(proto, original);
  }
  return writes;
}

describe("the statement lane", () => {
  it("sends the statements asked for in one turn of the event loop in one write, to one backend", async () => {
    await lane.run(backend, [0]); // connected, statement parsed
    let rows: { pid: number; n: number }[][] = [];
    const writes = await countWrites(async () => {
      rows = await Promise.all(
        Array.from({ length: 50 }, (_, n) => lane.run<{ pid: number; n: number }>(backend, [n])),
      );
    });
    expect(writes).toBe(1);
    expect(rows.map(([row]) => row!.n)).toEqual(Array.from({ length: 50 }, (_, n) => n));
    expect(new Set(rows.map(([row]) => row!.pid)).size).toBe(1);
  });

  it("holds the statements asked for while a batch is being answered, then sends them in one write", async () => {
    const slow = lane.run(sleep, [0.3]);
    await new Promise((r) => setTimeout(r, 30)); // the slow batch has left
    let rows: { n: number }[][] = [];
    const writes = await countWrites(async () => {
      const later: Promise<{ n: number }[]>[] = [];
      for (let n = 0; n < 10; n++) {
        later.push(lane.run<{ n: number }>(backend, [n]));
        await new Promise((r) => setImmediate(r)); // each in a turn of its own
      }
      rows = await Promise.all(later);
    });
    await slow;
    expect(writes).toBe(1);
    expect(rows.map(([row]) => row!.n)).toEqual(Array.from({ length: 10 }, (_, n) => n));
  });

  it("carries the database's prepared statements (orders): many at once share one backend", async () => {
    const rows = await Promise.all(
      Array.from({ length: 20 }, (_, n) => database.prepared<{ pid: number }>(backend, [n])),
    );
    expect(new Set(rows.map(([row]) => row!.pid)).size).toBe(1);
  });

  it("fails a refused statement alone: the ones sent with it still run, each in its own transaction", async () => {
    const answers = await Promise.allSettled([
      lane.run(divide, [4]),
      lane.run(divide, [0]),
      lane.run(divide, [6]),
    ]);
    expect(answers[0]).toEqual({ status: "fulfilled", value: [{ answer: 3 }] });
    expect(answers[1]).toMatchObject({ status: "rejected", reason: { code: "22012" } });
    expect(answers[2]).toEqual({ status: "fulfilled", value: [{ answer: 2 }] });
  });

  it("opens another connection after losing its own", async () => {
    const [before] = await lane.run<{ pid: number }>(backend, [1]);
    await queryRows(database.db, sql`select pg_terminate_backend(${before!.pid}::int)`);
    let after: { pid: number } | undefined;
    const failures: unknown[] = [];
    for (let attempt = 0; attempt < 40 && !after; attempt++) {
      // The statements the lost connection carried fail; the next ones go to a new one.
      const failed = (error: unknown) => (failures.push(error), []);
      after = (await lane.run<{ pid: number }>(backend, [2]).catch(failed))[0];
      if (!after) await new Promise((r) => setTimeout(r, 50));
    }
    expect(after?.pid).toBeGreaterThan(0);
    expect(after!.pid).not.toBe(before!.pid);
    // A shopper whose order was on the lost connection hears 503, try again.
    for (const failure of failures)
      expect(fromDatabaseError(failure)).toMatchObject({ code: "unavailable", status: 503 });
  });

  it("cancels a statement that runs too long; the ones behind it run", async () => {
    const brief = new StatementLane(database.url!, undefined, 200);
    try {
      const answers = await Promise.allSettled([brief.run(sleep, [5]), brief.run(divide, [3])]);
      expect(answers[0]).toMatchObject({ status: "rejected", reason: { code: "57014" } });
      expect(answers[1]).toEqual({ status: "fulfilled", value: [{ answer: 4 }] });
    } finally {
      await brief.close();
    }
  });

  it("lets the batch in flight be answered when it closes (pg ends after it), and refuses the statements waiting behind it", async () => {
    const closing = new StatementLane(database.url!);
    const inFlight = closing.run(sleep, [0.2]);
    await new Promise((r) => setTimeout(r, 30)); // the batch has left
    const behind = closing.run(divide, [4]).catch((error: unknown) => error);
    await closing.close();
    await expect(inFlight).resolves.toEqual([{ slept: "" }]);
    expect(await behind).toMatchObject({ message: expect.stringMatching(/closed/) });
  });

  it("fails its statements when the database cannot be reached, and after it is closed", async () => {
    const nowhere = new StatementLane("postgres://postgres@127.0.0.1:1/nothing");
    const unreachable = await nowhere.run(divide, [4]).catch((error: unknown) => error);
    expect(fromDatabaseError(unreachable)).toMatchObject({ code: "unavailable", status: 503 });
    await nowhere.close();
    await expect(nowhere.run(divide, [4])).rejects.toThrow(/closed/);
  });
});
