/**
 * At most `running` tasks at once and `waiting` more in line behind them, let in first come, first
 * served as places free up; past that, or after `maxWaitMs` in line (when given), `refuse()` is
 * thrown. The hashing queue every password check shares (passwords.ts) and each network's place
 * in front of it (network-slots.ts) are both one of these.
 */
export class Slots {
  private running = 0;
  private readonly line: (() => void)[] = [];

  constructor(
    private readonly limits: {
      running: number;
      waiting: number;
      maxWaitMs?: number;
      refuse: () => Error;
      /** Called for each task that has to wait in line. */
      onWait?: () => void;
    },
  ) {}

  /** Tasks running or in line now. */
  get taken(): number {
    return this.running + this.line.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.limits.running) this.running++;
    else {
      if (this.line.length >= this.limits.waiting) throw this.limits.refuse();
      this.limits.onWait?.();
      await this.turn();
    }
    try {
      return await work();
    } finally {
      // The place goes to the first in line, or is freed.
      const next = this.line.shift();
      if (next) next();
      else this.running--;
    }
  }

  private turn(): Promise<void> {
    const { line } = this;
    const { maxWaitMs, refuse } = this.limits;
    return new Promise<void>((resolve, reject) => {
      const timer =
        maxWaitMs === undefined
          ? undefined
          : setTimeout(() => {
              line.splice(line.indexOf(go), 1);
              reject(refuse());
            }, maxWaitMs);
      const go = () => {
        clearTimeout(timer);
        resolve();
      };
      line.push(go);
    });
  }
}
