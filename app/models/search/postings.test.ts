import { describe, expect, it } from "vitest";
import { editIds, encodeIds, forEachId } from "./postings.server";

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
});
