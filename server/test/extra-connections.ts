import pg from "pg";
import { afterEach } from "vitest";
import type { TestContext } from "./test-app";

/**
 * Connections of a test's own to the test app's PostgreSQL database, beside the app's (another
 * tab, the seller, a transaction held open), each ended after its test.
 */
export function useExtraConnections(t: TestContext) {
  const opened: pg.Client[] = [];
  afterEach(async () => {
    for (const client of opened.splice(0).reverse()) await client.end();
  });
  return {
    connection: async (): Promise<pg.Client> => {
      const client = new pg.Client({ connectionString: t.database.url! });
      await client.connect();
      opened.push(client);
      return client;
    },
  };
}

/**
 * Waits until some query of this database waits for a lock another transaction holds. Ask it
 * through a connection outside any transaction: a transaction sees pg_stat_activity as it first
 * read it.
 */
export async function untilOneWaitsForALock(client: pg.Client): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows[0]!.n > 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("no query waited for the lock");
}
