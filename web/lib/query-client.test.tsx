import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Toaster } from "../ui/toast";
import { ApiError } from "./api-client";
import { createQueryClient } from "./query-client";
import { sessionKey } from "./query-keys";

describe("the one place that reports failed calls", () => {
  it("shows a failed write's message once, and nothing for a write marked silent", async () => {
    const client = createQueryClient(false);
    render(<Toaster />);
    const failing = (silent: boolean) =>
      client
        .getMutationCache()
        .build(client, {
          mutationFn: () => Promise.reject(new ApiError("Order not found", 404, "not_found")),
          meta: silent ? { silent: true } : undefined,
        })
        .execute(undefined)
        .catch(() => undefined);
    await act(async () => {
      await failing(false);
      await failing(false);
      await failing(true);
    });
    expect(screen.getAllByRole("status").map((s) => s.textContent)).toEqual(["!Order not found"]);
  });

  it("says something plain when the failure is not the server's", async () => {
    const client = createQueryClient(false);
    render(<Toaster />);
    await act(async () => {
      await client
        .fetchQuery({ queryKey: sessionKey, queryFn: () => Promise.reject(new TypeError("boom")) })
        .catch(() => undefined);
    });
    expect(screen.getByRole("status")).toHaveTextContent("Something went wrong. Please try again.");
  });
});
