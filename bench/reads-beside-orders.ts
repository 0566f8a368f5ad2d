import autocannon from "autocannon";
import type { Database } from "../server/db/database";
import { percentile, type BenchShopper } from "./bench-database";
import { meanShares, withCpuShares, type CpuShares } from "./cpu-shares";
import { orderLoad, saleProducts } from "./sale-load";

// The checkout bench's last section: catalogue reads alone and while orders flow (README,
// "Catalogue reads while orders flow").

/** One round of the mixed scenario: idle reads, then reads beside orders at full speed and at 250/s. */
export interface MixedRound {
  idleReadsPerSecond: number;
  readsPerSecondWhileOrdering: number;
  ordersPerSecondMeanwhile: number;
  ratio: number;
  readsPerSecondAt250Orders: number;
  ordersPerSecondSteady: number;
  ratioAt250Orders: number;
}

export interface MixedResult extends MixedRound {
  /**
   * Every round; the figures above are their medians. Each round's ratios compare windows a few
   * seconds apart, so a change in the shared machine's speed moves one round, not the result.
   */
  rounds: MixedRound[];
  /** Where the machine's CPU went while the reads were measured (the rounds' mean). */
  cpu: { idle: CpuShares; fullSpeed: CpuShares; at250Orders: CpuShares };
}

/**
 * Catalogue reads (autocannon, 50 connections, in this process) alone, then while shoppers order
 * from another process: at full speed, and at a steady 250 orders a second (a busy evening; the
 * rate at which the cache used to be wiped into the ground). Each with where the CPU went, in
 * `rounds` rounds of the three windows.
 */
export async function readsBesideOrders(
  store: { url: string; pid: number },
  database: Database,
  shoppers: BenchShopper[],
  seconds: number,
  rounds: number,
): Promise<MixedResult> {
  const readUrl = `${store.url}/api/product/list?limit=24`;
  const read = async () =>
    (await autocannon({ url: readUrl, connections: 50, duration: seconds, pipelining: 1 })).requests
      .average;
  await read(); // warm
  const ids = await saleProducts(database, 50, 1_000_000);
  const underLoad = async (ratePerSecond?: number) => {
    const load = orderLoad({
      storeUrl: store.url,
      shoppers,
      productIds: ids,
      maxSeconds: seconds + 30,
      soldOutAfter: 0,
      ratePerSecond,
    });
    await new Promise((r) => setTimeout(r, 1500)); // orders flowing first
    const [reads, cpu] = await withCpuShares(store.pid, load.pid, read);
    load.stop();
    const figures = await load.done;
    return { reads, cpu, orders: figures.ordersPerSecond };
  };
  const measured: (MixedRound & { cpu: MixedResult["cpu"] })[] = [];
  for (let round = 0; round < rounds; round++) {
    const [idle, idleCpu] = await withCpuShares(store.pid, undefined, read);
    const full = await underLoad();
    const steady = await underLoad(250);
    measured.push({
      cpu: { idle: idleCpu, fullSpeed: full.cpu, at250Orders: steady.cpu },
      idleReadsPerSecond: Math.round(idle),
      readsPerSecondWhileOrdering: Math.round(full.reads),
      ordersPerSecondMeanwhile: full.orders,
      ratio: Number((full.reads / idle).toFixed(2)),
      readsPerSecondAt250Orders: Math.round(steady.reads),
      ordersPerSecondSteady: steady.orders,
      ratioAt250Orders: Number((steady.reads / idle).toFixed(2)),
    });
  }
  const median = (key: keyof MixedRound) =>
    percentile(
      measured.map((m) => m[key]),
      50,
    );
  const meanCpu = (window: keyof MixedResult["cpu"]) =>
    meanShares(measured.map((m) => m.cpu[window]));
  return {
    idleReadsPerSecond: median("idleReadsPerSecond"),
    readsPerSecondWhileOrdering: median("readsPerSecondWhileOrdering"),
    ordersPerSecondMeanwhile: median("ordersPerSecondMeanwhile"),
    ratio: median("ratio"),
    readsPerSecondAt250Orders: median("readsPerSecondAt250Orders"),
    ordersPerSecondSteady: median("ordersPerSecondSteady"),
    ratioAt250Orders: median("ratioAt250Orders"),
    rounds: measured.map(({ cpu: _cpu, ...figures }) => figures),
    cpu: {
      idle: meanCpu("idle"),
      fullSpeed: meanCpu("fullSpeed"),
      at250Orders: meanCpu("at250Orders"),
    },
  };
}
