import { describe, expect, it } from "vitest";
import { sortInSteps } from "./in-steps";

describe("sortInSteps", () => {
  it("orders rows as a stable sort by the comparison would", async () => {
    for (const size of [0, 1, 31, 32, 33, 1000, 100_003]) {
      // Few distinct keys, so ties are many and stability shows.
      const keys = Array.from({ length: size }, (_, i) => (i * 7919) % 97);
      const byKey = (a: number, b: number) => keys[a]! - keys[b]!;
      const expected = Array.from({ length: size }, (_, i) => i).sort(byKey);
      expect(Array.from(await sortInSteps(size, byKey))).toEqual(expected);
    }
  });

  it("lets other work run while it sorts a large array", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const size = 1_000_000;
    const keys = new Float64Array(size).map((_, i) => Math.sin(i));
    const rows = await sortInSteps(size, (a, b) => keys[a]! - keys[b]! || a - b);
    clearInterval(timer);
    let ordered = true;
    for (let i = 1; i < size; i++) ordered &&= keys[rows[i - 1]!]! <= keys[rows[i]!]!;
    expect(ordered).toBe(true);
    expect(ticks).toBeGreaterThan(5);
  });
});
