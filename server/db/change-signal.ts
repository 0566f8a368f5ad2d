import type { Logger } from "pino";
import { BUSY_FEED_INTERVAL_MS } from "./change-feed";
import type { Database } from "./database";

const CHANNEL = "greencart_changes";
/**
 * At most one NOTIFY per this many ms per process, however many changes were committed (each is a
 * statement, and wakes every process's feeds; their reads are at most this often anyway).
 */
const COALESCE_MS = BUSY_FEED_INTERVAL_MS;
/** Even if a notification is lost (a listener reconnecting), every process catches up this often. */
const SAFETY_POLL_MS = 1000;

/**
 * What woke a process's listeners: another process's notification through the database, the
 * safety poll, or a change committed here.
 */
export type ChangeCause = "notified" | "polled" | "announced";

/**
 * "Committed changes are waiting" (stock ledger rows, order events), said to every process. The
 * process that committed them says so after its transaction, not inside it: a transaction that
 * NOTIFYs holds PostgreSQL's notification lock through its commit, which would serialise every
 * order. Listeners then read the new rows themselves (ChangeFeed).
 */
export class ChangeSignal {
  private readonly listeners: (() => Promise<void> | void)[] = [];
  private pending: NodeJS.Timeout | undefined;
  private poller: NodeJS.Timeout | undefined;
  private lastNotified = -Infinity;
  /**
   * How many times the listeners have caught up, by what woke them (tests count them: a change
   * made by another process reaches this one by its notification, not by the poll).
   */
  readonly caughtUp: Record<ChangeCause, number> = { notified: 0, polled: 0, announced: 0 };

  constructor(
    private readonly database: Database,
    private readonly log?: Pick<Logger, "warn">,
  ) {}

  async start(): Promise<void> {
    await this.database.listen(CHANNEL, () => void this.emit("notified"));
    this.poller = setInterval(() => void this.emit("polled"), SAFETY_POLL_MS);
    this.poller.unref();
  }

  stop(): void {
    clearInterval(this.poller);
    clearTimeout(this.pending);
  }

  /** `listener` reads what changed; the promise it returns settles when it has caught up. */
  onChange(listener: () => Promise<void> | void): void {
    this.listeners.push(listener);
  }

  /**
   * Something was committed here: this process catches up now (the promise settles when it has,
   * so the next read here sees the change), and the other processes are told shortly.
   */
  announce(): Promise<void> {
    const caughtUp = this.emit("announced");
    if (this.pending || this.database.kind === "pglite") return caughtUp;
    // After a quiet spell they are told at once; during a burst, once per COALESCE_MS.
    const wait = Math.max(0, this.lastNotified + COALESCE_MS - Date.now());
    this.pending = setTimeout(() => {
      this.pending = undefined;
      this.lastNotified = Date.now();
      this.database.notify(CHANNEL).catch((error: unknown) => {
        this.log?.warn({ err: error }, "could not announce changes to other processes");
      });
    }, wait);
    this.pending.unref();
    return caughtUp;
  }

  private async emit(cause: ChangeCause): Promise<void> {
    await Promise.all(this.listeners.map(async (listener) => listener()));
    this.caughtUp[cause]++;
  }
}
