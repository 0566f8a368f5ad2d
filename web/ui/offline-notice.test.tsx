import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OfflineNotice } from "./offline-notice";

afterEach(() => vi.restoreAllMocks());

/** The browser's connection goes or comes back, as it tells the page. */
function connection(online: boolean) {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? "online" : "offline")));
}

describe("OfflineNotice", () => {
  it("says the store cannot be reached while the browser is offline, and goes when it is back", () => {
    render(<OfflineNotice />);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    connection(false);
    expect(screen.getByRole("status")).toHaveTextContent(
      "You are offline. The store will load again once you are connected.",
    );
    connection(true);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });
});
