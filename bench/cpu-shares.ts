import fs from "node:fs";

/** Cores (of the machine's) each party used over a measured window. */
export interface CpuShares {
  store: number;
  /** All of PostgreSQL's processes, including connections that ended meanwhile. */
  postgres: number;
  /** This process: the catalogue reader (autocannon) and the bench's own bookkeeping. */
  reader: number;
  /** The order load's process, when one runs. */
  orderer: number;
  /** Everything else that ran: the kernel, other programs on the machine. */
  other: number;
  /** Idle time. */
  unused: number;
  /**
   * Of each second, how long the store's event loop (its main thread) had work but waited for a
   * CPU (Linux's schedstat): the cores it did not get.
   */
  storeLoopWaiting: number;
  /** The same for the reader's thread (autocannon runs on the bench's main thread). */
  readerWaiting: number;
}

/** Linux's clock ticks per second for /proc times (USER_HZ, 100 on every Linux we run on). */
const CLOCK_TICKS = 100;

/**
 * CPU time a process has used so far, in seconds (Linux; user and system), optionally with that
 * of its children that have ended.
 */
function cpuSeconds(pid: number, { withEndedChildren = false } = {}): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(")").pop()!.trim().split(" ");
  const own = Number(fields[11]) + Number(fields[12]);
  const children = withEndedChildren ? Number(fields[13]) + Number(fields[14]) : 0;
  return (own + children) / CLOCK_TICKS;
}

/** Seconds a process's main thread has so far spent runnable but waiting for a CPU (Linux). */
function waitingSeconds(pid: number): number {
  const [, waitNs] = fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, "utf8").split(" ");
  return Number(waitNs) / 1e9;
}

/** The machine's busy and idle time so far, in seconds of one core (/proc/stat's first line). */
function machineSoFar(): { busy: number; idle: number } {
  const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!;
  // user nice system idle iowait irq softirq steal (guest time is already counted in user)
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line
    .split(/\s+/)
    .slice(1, 9)
    .map(Number) as [number, number, number, number, number, number, number, number];
  return {
    busy: (user + nice + system + irq + softirq + steal) / CLOCK_TICKS,
    idle: (idle + iowait) / CLOCK_TICKS,
  };
}

/** CPU used so far by each party, in seconds. */
function cpuSoFar(storePid: number, loadPid?: number) {
  // The server's processes alive now, plus those that have ended (a connection closed): the
  // postmaster holds their CPU time as its children's.
  let postgres = 0;
  for (const pid of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, "utf8").startsWith("postgres"))
        postgres += cpuSeconds(Number(pid), { withEndedChildren: true });
    } catch {
      // gone meanwhile
    }
  }
  const machine = machineSoFar();
  return {
    store: cpuSeconds(storePid),
    postgres,
    reader: cpuSeconds(process.pid),
    orderer: loadPid ? cpuSeconds(loadPid) : 0,
    busy: machine.busy,
    unused: machine.idle,
    storeLoopWaiting: waitingSeconds(storePid),
    readerWaiting: waitingSeconds(process.pid),
  };
}

/** Measures `work` and the cores each party used meanwhile. */
export async function withCpuShares<T>(
  storePid: number,
  loadPid: number | undefined,
  work: () => Promise<T>,
): Promise<[T, CpuShares]> {
  const before = cpuSoFar(storePid, loadPid);
  const started = performance.now();
  const result = await work();
  const after = cpuSoFar(storePid, loadPid);
  const seconds = (performance.now() - started) / 1000;
  const cores = (key: keyof typeof before) => (after[key] - before[key]) / seconds;
  const round = (value: number) => Number(Math.max(0, value).toFixed(2));
  const parties = cores("store") + cores("postgres") + cores("reader") + cores("orderer");
  return [
    result,
    {
      store: round(cores("store")),
      postgres: round(cores("postgres")),
      reader: round(cores("reader")),
      orderer: round(cores("orderer")),
      other: round(cores("busy") - parties),
      unused: round(cores("unused")),
      storeLoopWaiting: round(cores("storeLoopWaiting")),
      readerWaiting: round(cores("readerWaiting")),
    },
  ];
}

/** Each figure's mean over several windows. */
export function meanShares(windows: CpuShares[]): CpuShares {
  const keys = Object.keys(windows[0] ?? {}) as (keyof CpuShares)[];
  const mean = (key: keyof CpuShares) =>
    Number((windows.reduce((sum, shares) => sum + shares[key], 0) / windows.length).toFixed(2));
  return Object.fromEntries(keys.map((key) => [key, mean(key)])) as unknown as CpuShares;
}
