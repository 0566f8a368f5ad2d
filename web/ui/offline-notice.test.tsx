import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { connection } from "../test/connection";
import { OfflineNotice } from "./offline-notice";

afterEach(() => vi.restoreAllMocks());

describe("OfflineNotice", () => {
  it("says the store cannot be reached while the browser is offline, and goes when it is back", () => {
    render(<OfflineNotice className="absolute top-full" />);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    connection(false);
    expect(screen.getByRole("status")).toHaveTextContent(
      "You are offline. The store will load again once you are connected.",
    );
    // Where its caller puts it.
    expect(screen.getByRole("status")).toHaveClass("absolute", "top-full");
    connection(true);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });
});
