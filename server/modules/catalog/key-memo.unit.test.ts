import { describe, expect, it } from "vitest";
import { KeyMemo } from "./key-memo";

describe("KeyMemo", () => {
  it("builds a URL's key once, and starts again when full", () => {
    const memo = new KeyMemo(2);
    let builds = 0;
    const key = (url: string) =>
      memo.of(url, () => {
        builds++;
        return `key of ${url}`;
      });
    expect(key("/a")).toBe("key of /a");
    expect(key("/a")).toBe("key of /a");
    expect(builds).toBe(1);
    key("/b");
    key("/c"); // full: forgets /a and /b
    expect(builds).toBe(3);
    expect(key("/c")).toBe("key of /c");
    expect(builds).toBe(3);
    expect(key("/a")).toBe("key of /a");
    expect(builds).toBe(4);
  });

  it("does not keep long URLs", () => {
    const memo = new KeyMemo(10, 20);
    let builds = 0;
    const long = `/list?ids=${"x".repeat(30)}`;
    for (let i = 0; i < 3; i++)
      memo.of(long, () => {
        builds++;
        return "key";
      });
    expect(builds).toBe(3);
  });
});
