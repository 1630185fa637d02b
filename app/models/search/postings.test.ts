import { describe, expect, it } from "vitest";
import { editIds, encodeIds, forEachId, scoreIds } from "./postings.server";

const read = (bytes: Uint8Array) => {
  const found: number[] = [];
  forEachId(bytes, (id) => found.push(id));
  return found;
};

describe("postings", () => {
  it("store each id as its distance from the one before, in 7-bit groups, low group first", () => {
    // 5; then 300 more (0xac 0x02); then 1 more; then 16,384 more (0x80 0x80 0x01).
    const ids = [5, 305, 306, 16_690];
    expect(Array.from(encodeIds(Int32Array.from(ids)))).toEqual([0x05, 0xac, 0x02, 0x01, 0x80, 0x80, 0x01]);
    expect(read(Uint8Array.from([0x05, 0xac, 0x02, 0x01, 0x80, 0x80, 0x01]))).toEqual(ids);
  });

  it("hold the largest ids PostgreSQL's integers hold, and none", () => {
    expect(Array.from(encodeIds(Int32Array.of(2_147_483_647)))).toEqual([0xff, 0xff, 0xff, 0xff, 0x07]);
    expect(read(encodeIds(Int32Array.of(1, 2_147_483_647)))).toEqual([1, 2_147_483_647]);
    expect(read(encodeIds(new Int32Array()))).toEqual([]);
  });

  it("take a byte an id when a word is common", () => {
    const everyThird = Int32Array.from({ length: 100_000 }, (_, i) => 1 + i * 3);
    const bytes = encodeIds(everyThird);
    expect(bytes.length).toBe(100_000);
    expect(read(bytes)).toEqual(Array.from(everyThird));
  });

  it("take one product out of a list and another in, in order, whatever was listed before", () => {
    const list = encodeIds(Int32Array.of(3, 10, 200, 5000));
    expect(read(editIds(list, [7, 6000, 1], new Set([200])))).toEqual([1, 3, 7, 10, 5000, 6000]);
    expect(read(editIds(list, [10, 10], new Set()))).toEqual([3, 10, 200, 5000]);
    expect(read(editIds(list, [], new Set([3, 10, 200, 5000, 9])))).toEqual([]);
    expect(read(editIds(new Uint8Array(), [42], new Set()))).toEqual([42]);
  });

  it("score the rows of the products they list, each raised to the better score and counted once, as forEachId reads them", () => {
    // Products 1…6 sit on rows 4, 2, -1 (not listed), 0, 1, 3; product 300 and 2,147,483,647 are past the table.
    const rowById = Int32Array.of(-1, 4, 2, -1, 0, 1, 3);
    const scores = new Uint8Array(5);
    const description = encodeIds(Int32Array.of(1, 3, 4, 300, 2_147_483_647));
    const name = encodeIds(Int32Array.of(2, 4, 6));
    expect(scoreIds(description, rowById, scores, 1)).toBe(2);
    expect(scoreIds(name, rowById, scores, 10)).toBe(2);
    expect(scoreIds(description, rowById, scores, 1)).toBe(0);
    expect(Array.from(scores)).toEqual([10, 0, 10, 10, 1]);

    const everyThird = Int32Array.from({ length: 100_000 }, (_, i) => 1 + i * 3);
    const table = Int32Array.from({ length: 300_000 }, (_, id) => (id % 2 ? id >> 1 : -1));
    const bytes = encodeIds(everyThird);
    const viaScore = new Uint8Array(150_000);
    const viaRead = new Uint8Array(150_000);
    const added = scoreIds(bytes, table, viaScore, 1);
    for (const id of read(bytes)) if (id < table.length && table[id]! >= 0) viaRead[table[id]!] = 1;
    expect(viaScore).toEqual(viaRead);
    expect(added).toBe(viaRead.reduce((n, score) => n + score, 0));
  });
});
