import { renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { usePageTitle } from "./page-title";

describe("usePageTitle", () => {
  it("names the tab after the page, follows a new name, and gives the old name back when the page goes", () => {
    document.title = "GreenCart: groceries in 30 minutes";
    const page = renderHook(({ title }: { title: string | undefined }) => usePageTitle(title), {
      initialProps: { title: undefined as string | undefined },
    });
    expect(document.title).toBe("GreenCart: groceries in 30 minutes"); // still loading
    page.rerender({ title: "Fresh Tomato" });
    expect(document.title).toBe("Fresh Tomato | GreenCart");
    page.rerender({ title: "Onion" });
    expect(document.title).toBe("Onion | GreenCart");
    page.unmount();
    expect(document.title).toBe("GreenCart: groceries in 30 minutes");
  });
});
