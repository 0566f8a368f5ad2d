import { renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { STORE_TITLE } from "../../contract/page-title";
import { usePageTitle } from "./page-title";

describe("usePageTitle", () => {
  it("names the tab after the page, follows a new name, and gives the store's name back when the page goes", () => {
    document.title = "Fresh Tomato | GreenCart"; // a product page the server drew
    const page = renderHook(({ title }: { title: string | undefined }) => usePageTitle(title), {
      initialProps: { title: undefined as string | undefined },
    });
    expect(document.title).toBe("Fresh Tomato | GreenCart"); // still loading: as it came
    page.rerender({ title: "Fresh Tomato" });
    expect(document.title).toBe("Fresh Tomato | GreenCart");
    page.rerender({ title: "Onion" });
    expect(document.title).toBe("Onion | GreenCart");
    page.unmount();
    expect(document.title).toBe("GreenCart: groceries in 30 minutes");
  });

  it("is the title web/index.html gives the home page", async () => {
    const fs = await import("node:fs");
    const html = fs.readFileSync(`${process.cwd()}/web/index.html`, "utf8");
    expect(html).toContain(`<title>${STORE_TITLE}</title>`);
  });
});
