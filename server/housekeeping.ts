import type { Logger } from "pino";

export interface HousekeepingJob {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

/** Runs periodic jobs (expired sessions, lapsed payment holds...) without overlapping runs. */
export function startHousekeeping(jobs: HousekeepingJob[], log: Logger): () => void {
  const timers = jobs.map((job) => {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        await job.run();
      } catch (error) {
        log.error({ err: error, job: job.name }, "housekeeping job failed");
      } finally {
        running = false;
      }
    };
    void tick();
    const timer = setInterval(() => void tick(), job.everyMs);
    timer.unref();
    return timer;
  });
  return () => timers.forEach((t) => clearInterval(t));
}
