import { describe, expect, it } from "vitest";
import { combineTokens, type TokenMatch } from "./text-match.server";

// How the words of a search combine (decision 005): every word, or, when no
// product has them all, any of them; a product's score is the sum of its
// words' scores. A word's matches are its rows, ascending, and a score per row.
function token(matches: Record<number, number>): TokenMatch {
  const rows = Object.keys(matches).map(Number).sort((a, b) => a - b);
  return { rows: Int32Array.from(rows), scores: Uint8Array.from(rows.map((row) => matches[row]!)) };
}

const jacket = token({ 1: 10, 4: 1, 7: 10, 11: 1 });
const blue = token({ 0: 1, 4: 10, 7: 1, 9: 10 });
const wool = token({ 2: 10 });

const asPairs = ({ rows, scores }: { rows: Int32Array; scores: Int32Array }) => [...rows].map((row, i) => [row, scores[i]]);

describe("combining a search's words", () => {
  it("keeps the rows matching every word, scored by the sum", () => {
    expect(asPairs(combineTokens([jacket, blue], "all"))).toEqual([[4, 11], [7, 11]]);
    expect(asPairs(combineTokens([jacket, wool], "all"))).toEqual([]);
    expect(asPairs(combineTokens([jacket], "all"))).toEqual([[1, 10], [4, 1], [7, 10], [11, 1]]);
  });

  it("keeps the rows matching any word once each, ascending, scored by the sum", () => {
    expect(asPairs(combineTokens([jacket, blue, wool], "any"))).toEqual([[0, 1], [1, 10], [2, 10], [4, 11], [7, 11], [9, 10], [11, 1]]);
    expect(asPairs(combineTokens([wool], "any"))).toEqual([[2, 10]]);
  });
});
