import type { Socket } from "node:net";
import pg from "pg";
import type { Logger } from "pino";
import { CONNECT_TIMEOUT_MS, type PreparedStatement } from "./database";
import { connectionErrorForLog } from "./database-errors";

/**
 * One PostgreSQL connection in pipeline mode for the store's hot fixed statements (`place_order`),
 * docs/decisions/022. Statements go in batches: those asked for while a batch is being answered
 * wait for it, then leave together in one write. PostgreSQL runs a batch's statements one after
 * another as it reads them: each still its own statement and its own transaction (every one ends
 * with a Sync, so a refusal fails that statement alone), but a flash sale's hundred orders cost a
 * few wake-ups of one backend instead of a hundred, no two of this process's orders wait on each
 * other's row locks inside PostgreSQL, and when the event loop is busy (answering shoppers, or
 * the last batch's answers) the next batch simply grows.
 *
 * A lost connection fails the statements it carried, as a pooled connection would (with SQLSTATE
 * 08006, so a shopper hears 503, try again, rather than 500), and the next statement opens another. A statement that runs longer than `statementTimeoutMs` (one waiting on
 * a row lock someone forgot to release) is cancelled, 503 for its shopper, so that it cannot hold
 * up the statements behind it for longer.
 */
export class StatementLane {
  #client: pg.Client | undefined;
  /** Statements sent and not yet answered: the batch in flight. */
  #inFlight = 0;
  /** Statements waiting for the batch in flight to be answered. */
  #queued: (() => void)[] = [];
  /** Set while this turn's statements are being gathered into one write. */
  #gathering = false;
  #closed = false;

  constructor(
    private readonly url: string,
    private readonly log?: Pick<Logger, "warn">,
    private readonly statementTimeoutMs = 10_000,
    /** How long to wait for a new connection (a database host that drops packets). */
    private readonly connectTimeoutMs = CONNECT_TIMEOUT_MS,
  ) {}

  async run<T>(statement: PreparedStatement, values: unknown[]): Promise<T[]> {
    // A batch still being gathered (this turn) takes more; one already sent is waited for.
    if (this.#inFlight > 0 && !this.#gathering)
      await new Promise<void>((send) => this.#queued.push(send));
    if (this.#closed) throw connectionFailure("The database connection is closed.");
    const client = this.#connection();
    this.#gatherWrites(client);
    this.#inFlight++;
    try {
      return (await client.query<T & pg.QueryResultRow>({ ...statement, values })).rows;
    } catch (error) {
      // The server's refusals go on as they are; anything else is the connection failing.
      if (error instanceof pg.DatabaseError) throw error;
      throw connectionFailure("The connection to the database failed.", error);
    } finally {
      if (--this.#inFlight === 0) this.#sendQueued();
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#sendQueued(); // (they fail: closed)
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }

  #sendQueued(): void {
    const queued = this.#queued;
    this.#queued = [];
    for (const send of queued) send();
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
    const client = new pg.Client({
      connectionString: this.url,
      pipeline: true,
      statement_timeout: this.statementTimeoutMs,
      connectionTimeoutMillis: this.connectTimeoutMs,
    });
    const forget = () => {
      if (this.#client === client) this.#client = undefined;
    };
    client.on("error", (error) => {
      this.log?.warn(
        { err: connectionErrorForLog(error) },
        "the order connection failed; the next order opens another",
      );
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

/** SQLSTATE 08006, connection failure: the API answers it 503, "try again in a moment". */
function connectionFailure(message: string, cause?: unknown): Error {
  return Object.assign(new Error(message, { cause }), { code: "08006" });
}
