import type { Socket } from "node:net";
import pg from "pg";
import type { Logger } from "pino";
import type { PreparedStatement } from "./database";

/**
 * One PostgreSQL connection in pipeline mode for the store's hot fixed statements (`place_order`),
 * docs/decisions/022. The statements asked for in one turn of the event loop leave in one write,
 * and PostgreSQL runs them one after another as it reads them: each still its own statement and
 * its own transaction (every one ends with a Sync, so a refusal fails that statement alone), but
 * a flash sale's hundred orders cost one wake-up of one backend instead of a hundred, and no two
 * of this process's orders wait on each other's row locks inside PostgreSQL.
 *
 * A lost connection fails the statements it carried, as a pooled connection would, and the next
 * statement opens another.
 */
export class StatementLane {
  #client: pg.Client | undefined;
  /** Set while this turn's statements are being gathered into one write. */
  #gathering = false;
  #closed = false;

  constructor(
    private readonly url: string,
    private readonly log?: Pick<Logger, "warn">,
  ) {}

  async run<T>(statement: PreparedStatement, values: unknown[]): Promise<T[]> {
    if (this.#closed) throw new Error("The database connection is closed.");
    const client = this.#connection();
    this.#gatherWrites(client);
    return (await client.query<T & pg.QueryResultRow>({ ...statement, values })).rows;
  }

  async close(): Promise<void> {
    this.#closed = true;
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }

  /** Holds the socket's writes until the end of this turn of the event loop, then sends them at once. */
  #gatherWrites(client: pg.Client): void {
    if (this.#gathering) return;
    // pg keeps its socket on `connection.stream` (typed only on the Connection class).
    const socket = (client as unknown as { connection: { stream: Socket } }).connection.stream;
    this.#gathering = true;
    socket.cork();
    setImmediate(() => {
      this.#gathering = false;
      socket.uncork();
    });
  }

  #connection(): pg.Client {
    if (this.#client) return this.#client;
    const client = new pg.Client({ connectionString: this.url, pipeline: true });
    const forget = () => {
      if (this.#client === client) this.#client = undefined;
    };
    client.on("error", (error) => {
      this.log?.warn({ err: error }, "the order connection failed; the next order opens another");
      forget();
      void client.end().catch(() => {});
    });
    client.on("end", forget);
    // Statements asked for meanwhile wait in the client and fail with it if it cannot connect.
    client.connect().catch(forget);
    this.#client = client;
    return client;
  }
}
