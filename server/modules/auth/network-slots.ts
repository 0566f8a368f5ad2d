import { AppError } from "../../http/app-error";
import { loginAddressLimit, networkOf } from "./rate-limit";

/**
 * Password checks one network (rate-limit.ts networkOf) may have under way in this process,
 * hashing or waiting for a hash, and how many more of its attempts may wait behind them. Its
 * attempts queue here, not in the hashing queue every login shares (passwords.ts answers 503 when
 * that is full), so one network's burst (50 are let through at once) cannot fill it and a shopper
 * elsewhere still logs in during an attack. Past both, or after waiting `MAX_WAIT_MS`, an attempt
 * is refused as the address limit refuses one (429): a backlog never piles up in memory.
 */
export const CHECKS_PER_NETWORK = 4;
export const WAITING_PER_NETWORK = 16;
export const MAX_WAIT_MS = 5_000;
const networkQueues = new Map<string, { running: number; waiting: (() => void)[] }>();

export async function withNetworkSlot<T>(ip: string, work: () => Promise<T>): Promise<T> {
  const network = networkOf(ip);
  let queue = networkQueues.get(network);
  if (!queue) networkQueues.set(network, (queue = { running: 0, waiting: [] }));
  if (queue.running < CHECKS_PER_NETWORK) queue.running++;
  else {
    const { message, maxWaitMs } = loginAddressLimit(ip);
    const refused = () =>
      new AppError("rate_limited", message, { retryAfterSeconds: Math.ceil(maxWaitMs / 1000) });
    if (queue.waiting.length >= WAITING_PER_NETWORK) throw refused();
    const { waiting } = queue;
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(turn), 1);
        reject(refused());
      }, MAX_WAIT_MS);
      waiting.push(turn);
    });
  }
  try {
    return await work();
  } finally {
    const next = queue.waiting.shift();
    if (next) next();
    else if (--queue.running === 0) networkQueues.delete(network);
  }
}
