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

  it("keeps a newer value when a promise it evicted fails later", async () => {
    const cached = lru<Promise<number>>(1);
    let fail!: (error: Error) => void;
    const first = cached("a", () => new Promise<number>((_, reject) => (fail = reject)));
    cached("b", () => Promise.resolve(2)); // evicts "a"
    const fresh = cached("a", () => Promise.resolve(3)); // evicts "b"
    fail(new Error("late"));
    await expect(first).rejects.toThrow("late");
    expect(cached("a", () => Promise.resolve(4))).toBe(fresh);
  });
});
