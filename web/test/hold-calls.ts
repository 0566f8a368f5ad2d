import { waitFor } from "@testing-library/react";
import { expect, vi } from "vitest";

/**
 * Holds each call to `url` (on top of the fetch in place, a `mockApi`) until `answer()`:
 * `sent()` waits for one to be on its way, `answer()` lets it through.
 */
export function holdCalls(url: string) {
  const served = globalThis.fetch;
  let waiting: (() => void) | undefined;
  vi.stubGlobal("fetch", async (called: string, init?: RequestInit) => {
    if (called === url) await new Promise<void>((go) => (waiting = go));
    return served(called, init);
  });
  const sent = () => waitFor(() => expect(waiting).toBeDefined());
  const answer = async () => {
    await sent();
    waiting!();
    waiting = undefined;
  };
  return { sent, answer };
}
