import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useDebouncedValue } from "./use-debounced-value";

afterEach(() => vi.useRealTimers());

describe("useDebouncedValue", () => {
  it("follows the value only once it has stopped changing for the delay", () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), {
      initialProps: { value: "tom" },
    });
    expect(result.current).toBe("tom");
    rerender({ value: "tomat" });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    rerender({ value: "tomatto" });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(result.current).toBe("tom");
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(result.current).toBe("tomatto");
  });
});
