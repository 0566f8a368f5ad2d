import { eq } from "drizzle-orm";
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { addresses } from "../../db/schema";
import { useExtraConnections } from "../../test/extra-connections";
import { createShopper } from "../../test/sessions";
import { addressInput, post } from "../../test/shop";
import { useTestApp } from "../../test/test-app";

// The same add sent twice at once (a double tap, a retry racing its lost original), each on its
// own connection of the pool, all reaching the database while another transaction holds the
// shopper's row. On PostgreSQL (PGlite runs one transaction at a time).

const t = useTestApp();
const { connection } = useExtraConnections(t);

/** Waits until `n` queries of this database wait for a lock another transaction holds. */
async function untilWaiting(client: pg.Client, n: number): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows[0]!.n >= n) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`fewer than ${n} queries waited for the lock`);
}

describe("an address added by twins at once (PostgreSQL)", () => {
  it("saves one address and gives each twin the same answer", async () => {
    const shopper = await createShopper(t.database.db);
    const [otherTab, watcher] = await Promise.all([connection(), connection()]);
    await otherTab.query("begin");
    await otherTab.query("select id from users where id = $1 for update", [shopper.user.id]);

    const twins = Array.from({ length: 3 }, () =>
      post(t.app, "/api/address/add", { address: addressInput() }, shopper.cookies, {
        "idempotency-key": "double-tap",
      }),
    );
    await untilWaiting(watcher, 3);
    await otherTab.query("commit");

    const answers = await Promise.all(twins);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const saved = await t.database.db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, shopper.user.id));
    expect(saved).toHaveLength(1);
  });
});
