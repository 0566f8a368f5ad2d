import type * as Argon2 from "@node-rs/argon2";
import { AppError } from "../../http/app-error";
import { Slots } from "./slots";

// Loaded on the first login or sign-up, not at start: a store at rest keeps its memory small.
let argon2: Promise<typeof Argon2> | undefined;
const hasher = () => (argon2 ??= import("@node-rs/argon2"));

// OWASP's argon2id baseline: 19 MiB, 2 iterations, parallelism 1.
const OWASP_BASELINE = {
  algorithm: 2 /* Algorithm.Argon2id, a const enum */,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;
let options: Argon2.Options = OWASP_BASELINE;

/**
 * The API suites hash with argon2id's smallest cost (server/test/cheap-hashing.ts): the baseline
 * costs about 30 ms of a core per hash, and the suites make thousands of accounts. A hash keeps
 * its own cost, so a baseline hash still verifies. Never called by the store.
 */
export function hashCheaplyForTests(): void {
  options = { ...OWASP_BASELINE, memoryCost: 1024, timeCost: 1 };
}

/**
 * Hashing is deliberately expensive, so a flood of logins could occupy every core. At most 2
 * hashes run at once; 64 more wait behind them, and past that the server answers 503 at once
 * instead of piling up work.
 */
const hashing = new Slots({
  running: 2,
  waiting: 64,
  refuse: () =>
    new AppError("unavailable", "The server is busy. Please try again in a moment.", {
      retryAfterSeconds: 5,
      shedding: true,
    }),
});

/** The most hashes running and waiting at once since the last reset (tests read it). */
export const hashingPeak = { atOnce: 0 };
/** How many hashes this process has verified, the dummy one included (tests read it). */
export const verifications = { count: 0 };

function withHashingSlot<T>(work: () => Promise<T>): Promise<T> {
  hashingPeak.atOnce = Math.max(hashingPeak.atOnce, hashing.taken + 1);
  return hashing.run(work);
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
  const ok = await withHashingSlot(() => {
    verifications.count++;
    return verify(target, password).catch(() => false);
  });
  return ok && storedHash !== undefined;
}
