import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  defaultStreamLimit,
  MAX_STREAMS,
  parseOpenFilesSoftLimit,
  readOpenFilesSoftLimit,
} from "./stream-limits";

/** /proc/self/limits as Linux writes it, with `open files` as given. */
const limitsText = (openFiles: string) =>
  [
    "Limit                     Soft Limit           Hard Limit           Units     ",
    "Max cpu time              unlimited            unlimited            seconds   ",
    "Max stack size            8388608              unlimited            bytes     ",
    "Max processes             96365                96365                processes ",
    `Max open files            ${openFiles} files     `,
    "Max locked memory         8388608              8388608              bytes     ",
    "",
  ].join("\n");

describe("parseOpenFilesSoftLimit", () => {
  it("reads the soft limit, not the hard one", () => {
    expect(parseOpenFilesSoftLimit(limitsText("1024                 524288              "))).toBe(
      1024,
    );
    expect(parseOpenFilesSoftLimit(limitsText("20000                20000               "))).toBe(
      20000,
    );
  });

  it("answers undefined for unlimited, a missing line or text it cannot read", () => {
    expect(
      parseOpenFilesSoftLimit(limitsText("unlimited            unlimited           ")),
    ).toBeUndefined();
    const withoutTheLine = limitsText("1024 1024").replace(/^Max open files.*\n/m, "");
    expect(parseOpenFilesSoftLimit(withoutTheLine)).toBeUndefined();
    expect(parseOpenFilesSoftLimit("")).toBeUndefined();
    expect(parseOpenFilesSoftLimit("Max open files")).toBeUndefined();
    expect(parseOpenFilesSoftLimit("Max open files            -1   4096   files")).toBeUndefined();
    expect(parseOpenFilesSoftLimit("Max open files            1e3  4096   files")).toBeUndefined();
    expect(parseOpenFilesSoftLimit("\0\x01binary")).toBeUndefined();
  });

  it("reads a file, and answers undefined where there is none (macOS, Windows)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-limits-"));
    try {
      const file = path.join(dir, "limits");
      fs.writeFileSync(file, limitsText("4096                 4096                "));
      expect(readOpenFilesSoftLimit(file)).toBe(4096);
      expect(readOpenFilesSoftLimit(path.join(dir, "missing"))).toBeUndefined();
      expect(readOpenFilesSoftLimit(dir)).toBeUndefined(); // a folder: unreadable as a file
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("defaultStreamLimit", () => {
  it("is half the open files, at most MAX_STREAMS, and MAX_STREAMS when the limit is unknown", () => {
    expect(MAX_STREAMS).toBe(5_000);
    expect(defaultStreamLimit(1024)).toBe(512);
    expect(defaultStreamLimit(4097)).toBe(2048);
    expect(defaultStreamLimit(10_000)).toBe(5_000);
    expect(defaultStreamLimit(524_288)).toBe(5_000);
    expect(defaultStreamLimit(undefined)).toBe(5_000);
    expect(defaultStreamLimit(1)).toBe(1);
  });
});
