import { describe, expect, it } from "vitest";
import { SETTLED_MS } from "../../http/versioned-answer";
import { PageVersions } from "./page-versions";

describe("PageVersions", () => {
  it("keeps a page's version, with its compressions, while its text is the same", () => {
    const pages = new PageVersions(() => 0);
    const first = pages.of("/", "<html>a</html>");
    first.encodings = { br: { bytes: Promise.resolve(Buffer.from("x")), effort: "thorough" } };
    expect(pages.of("/", "<html>a</html>")).toBe(first);
    expect(pages.of("/cart", "<html>a</html>")).not.toBe(first);
    const changed = pages.of("/", "<html>b</html>");
    expect(changed).not.toBe(first);
    expect(changed.etag).not.toBe(first.etag);
    expect(changed.encodings).toBeUndefined();
  });

  it("gives back the kept version while the page is made from the same source, and none after it changed or for a page to make again", () => {
    const pages = new PageVersions(() => 0);
    expect(pages.current("/", "build 1 / answers 1")).toBeUndefined();
    const made = pages.of("/", "<html>a</html>", "build 1 / answers 1");
    expect(pages.current("/", "build 1 / answers 1")).toBe(made);
    expect(pages.current("/", "build 1 / answers 2")).toBeUndefined();
    expect(pages.current("/cart", "build 1 / answers 1")).toBeUndefined();
    // Drawing failed: sent, but not reused as it is.
    pages.of("/", "<html>not drawn</html>");
    expect(pages.current("/", "build 1 / answers 1")).toBeUndefined();
  });

  it("marks a version that replaced one younger than a second as churning", () => {
    let now = 0;
    const pages = new PageVersions(() => now);
    expect(pages.of("/", "v1").churning).toBe(false);
    now = SETTLED_MS - 1;
    expect(pages.of("/", "v2").churning).toBe(true);
    now += SETTLED_MS;
    expect(pages.of("/", "v3").churning).toBe(false);
  });

  it("keeps at most 64 pages, forgetting the one sent longest ago", () => {
    const pages = new PageVersions(() => 0);
    const home = pages.of("/", "home");
    const searches = Array.from({ length: 63 }, (_, i) => pages.of(`/s${i}`, `search ${i}`));
    expect(pages.of("/", "home")).toBe(home); // sent again: now the newest; /s0 is the oldest
    pages.of("/new", "new"); // the 65th page
    expect(pages.of("/", "home")).toBe(home);
    expect(pages.of("/s1", "search 1")).toBe(searches[1]);
    expect(pages.of("/s0", "search 0")).not.toBe(searches[0]);
  });
});
