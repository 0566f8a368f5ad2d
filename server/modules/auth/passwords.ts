import type * as Argon2 from "@node-rs/argon2";
import { AppError } from "../../http/app-error";

// Loaded on the first login or sign-up, not at start: a store at rest keeps its memory small.
let argon2: Promise<typeof Argon2> | undefined;
const hasher = () => (argon2 ??= import("@node-rs/argon2"));

// OWASP's argon2id baseline: 19 MiB, 2 iterations, parallelism 1.
const options = {
  algorithm: 2 /* Algorithm.Argon2id, a const enum */,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Hashing is deliberately expensive, so a flood of logins could occupy every core. At most
 * `MAX_RUNNING` hashes run at once; a bounded queue waits behind them, and past that the server
 * answers 503 at once instead of piling up work.
 */
const MAX_RUNNING = 2;
const MAX_WAITING = 64;
let running = 0;
const waiting: (() => void)[] = [];

/** The most hashes running and waiting at once since the last reset (tests read it). */
export const hashingPeak = { atOnce: 0 };

async function withHashingSlot<T>(work: () => Promise<T>): Promise<T> {
  hashingPeak.atOnce = Math.max(hashingPeak.atOnce, running + waiting.length + 1);
  if (running >= MAX_RUNNING) {
    if (waiting.length >= MAX_WAITING) {
      throw new AppError("unavailable", "The server is busy. Please try again in a moment.", {
        retryAfterSeconds: 5,
      });
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export function hashPassword(password: string): Promise<string> {
  return withHashingSlot(async () => (await hasher()).hash(password, options));
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no stored hash (unknown account) it still verifies
 * against a dummy one, so both mistakes take about the same time.
 */
export async function verifyPassword(
  storedHash: string | undefined,
  password: string,
): Promise<boolean> {
  dummyHash ??= hasher().then((a) => a.hash("greencart-dummy-password", options));
  const target = storedHash ?? (await dummyHash);
  const { verify } = await hasher();
  const ok = await withHashingSlot(() => verify(target, password).catch(() => false));
  return ok && storedHash !== undefined;
}
