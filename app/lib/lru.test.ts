import { describe, expect, it } from "vitest";
import { lru } from "./lru";

describe("lru", () => {
  it("computes a key once and forgets the least recently used beyond its size", () => {
    const cached = lru<number>(2);
    let computed = 0;
    const get = (key: string) => cached(key, () => ++computed);
    expect([get("a"), get("b"), get("a")]).toEqual([1, 2, 1]);
    get("c"); // "b" was used least recently
    expect(get("a")).toBe(1);
    expect(get("b")).toBe(4);
  });

  it("forgets a promise that fails", async () => {
    const cached = lru<Promise<number>>(2);
    await expect(cached("a", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cached("a", () => Promise.resolve(7))).toBe(7);
  });
});
