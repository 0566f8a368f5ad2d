import { AppError } from "../../http/app-error";
import { loginAddressLimit, networkOf } from "./rate-limit";
import { Slots } from "./slots";

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
const networks = new Map<string, Slots>();
/**
 * How many attempts in this process have waited in line behind their network's checks (tests
 * count them).
 */
export const networkLineWaits = { count: 0 };

export async function withNetworkSlot<T>(ip: string, work: () => Promise<T>): Promise<T> {
  const network = networkOf(ip);
  let slots = networks.get(network);
  if (!slots) {
    const { message, maxWaitMs } = loginAddressLimit(ip);
    slots = new Slots({
      running: CHECKS_PER_NETWORK,
      waiting: WAITING_PER_NETWORK,
      maxWaitMs: MAX_WAIT_MS,
      onWait: () => networkLineWaits.count++,
      refuse: () =>
        new AppError("rate_limited", message, { retryAfterSeconds: Math.ceil(maxWaitMs / 1000) }),
    });
    networks.set(network, slots);
  }
  try {
    return await slots.run(work);
  } finally {
    // A network with nothing under way is forgotten: an attack leaves no entry behind.
    if (slots.taken === 0) networks.delete(network);
  }
}
