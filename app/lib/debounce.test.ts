import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { debounce } from "./debounce";

describe("debounce with a max wait", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs once after calls pause for the wait", () => {
    const fn = vi.fn();
    const d = debounce(fn, 1000, 2000);
    d();
    vi.advanceTimersByTime(500);
    d();
    vi.advanceTimersByTime(999);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("runs by the max wait even while calls keep coming", () => {
    const fn = vi.fn();
    const d = debounce(fn, 1000, 2000);
    for (let t = 0; t < 2000; t += 400) {
      d();
      vi.advanceTimersByTime(400);
    }
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("can be cancelled", () => {
    const fn = vi.fn();
    const d = debounce(fn, 1000, 2000);
    d();
    d.cancel();
    vi.advanceTimersByTime(5000);
    expect(fn).not.toHaveBeenCalled();
  });
});
