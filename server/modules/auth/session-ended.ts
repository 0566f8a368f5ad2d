import type { AppDeps } from "../../app-deps";

/**
 * What ending a session touches: the guards' memory of recent sessions, the database that tells
 * other processes, and whatever holds a session open (the orders module's live streams, given by
 * the app: this module imports no other).
 */
export interface SessionEndDeps extends Pick<AppDeps, "database" | "guards"> {
  orderStreams: { closeSession(tokenHash: string): void };
}

/** The channel on which processes tell each other that a session ended (its stored hash). */
export const SESSION_ENDED = "session_ended";

/**
 * A session ended (logout): this process forgets it and closes its live streams at once, and the
 * other processes are told through the database to do the same.
 */
export async function forgetSession(deps: SessionEndDeps, tokenHash: string): Promise<void> {
  deps.guards.recent.forget(tokenHash);
  deps.orderStreams.closeSession(tokenHash);
  await deps.database.notify(SESSION_ENDED, tokenHash);
}

/**
 * Listens for sessions ended in other processes; `*` (a seller's password changed, which ends all
 * their sessions) forgets every recently checked one.
 */
export async function followEndedSessions(deps: SessionEndDeps): Promise<void> {
  await deps.database.listen(SESSION_ENDED, (tokenHash) => {
    if (!tokenHash || tokenHash === "*") return deps.guards.recent.forget();
    deps.guards.recent.forget(tokenHash);
    deps.orderStreams.closeSession(tokenHash);
  });
}
