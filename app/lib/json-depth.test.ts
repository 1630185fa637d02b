import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nestedDeeperThan } from "./json-depth";

/** The depth as a parser sees it: an array or object is one level more than its deepest item. */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== "object") return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depthOf));
}

describe("JSON nesting read as text", () => {
  it("agrees with the parsed value's depth, whatever brackets and quotes the strings hold", () => {
    const tricky = fc.string({ unit: fc.constantFrom("[", "]", "{", "}", '"', "\\", "a", "\\u005b") });
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: "small" }, tricky, fc.integer(), fc.constant(null), fc.array(tie("node"), { maxLength: 3 }), fc.dictionary(tricky, tie("node"), { maxKeys: 3 })),
    })).node;
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 6 }), (parsed, levels) => {
        const text = JSON.stringify(parsed);
        expect(nestedDeeperThan(text, levels)).toBe(depthOf(JSON.parse(text)) > levels);
      }),
      { numRuns: 2_000 },
    );
  });

  it("reads 12,000 levels without a stack to overflow", () => {
    for (const levels of [5_000, 12_000]) {
      expect(nestedDeeperThan(`${"[".repeat(levels)}${"]".repeat(levels)}`, 64)).toBe(true);
      expect(nestedDeeperThan(`${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`, 64)).toBe(true);
    }
    expect(nestedDeeperThan(JSON.stringify({ id: "evt_1", data: { object: { items: [[1], [2]] } } }), 64)).toBe(false);
  });
});
