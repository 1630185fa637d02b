import { describe, expect, it } from "vitest";
import { BULK_MAX_ROWS, readBulkFile, type BulkRow } from "./bulk-file";

// The file's own checks (issue 29, point 2): each refused row says its line
// and why, before anything is applied; a file that cannot be read at all
// says why as a whole.

const file = (text: string) => readBulkFile(new TextEncoder().encode(text));
function rowsOf(text: string): BulkRow[] {
  const read = file(text);
  if (!read.ok) throw new Error(`not read: ${read.error}`);
  return read.rows;
}
const refusals = (text: string) => rowsOf(text).map((row) => [row.line, row.refusal, row.detail]);

describe("readBulkFile", () => {
  it("reads prices as decimal euros into cents, stock as whole units, columns in any order", () => {
    expect(rowsOf("sku,price,original price,stock\r\nA-1,12.34,15.00,7\r\nB-2,9,9,0\r\n")).toEqual([
      { line: 2, sku: "A-1", priceMinor: 1234, originalPriceMinor: 1500, stock: 7, refusal: null, detail: null },
      { line: 3, sku: "B-2", priceMinor: 900, originalPriceMinor: 900, stock: 0, refusal: null, detail: null },
    ]);
    expect(rowsOf("Stock;Original_Price;SKU;Price\n3;15,50;A-1;12,40\n")[0]).toMatchObject({ sku: "A-1", priceMinor: 1240, originalPriceMinor: 1550, stock: 3, refusal: null });
    expect(rowsOf("sku\tprice\toriginal-price\tstock\nA-1\t1.5\t\t2\n")[0]).toMatchObject({ priceMinor: 150, originalPriceMinor: 150, refusal: null });
  });

  it("refuses each bad row with its line and reason, and keeps the good ones", () => {
    const text = [
      "sku,price,original_price,stock",
      "GOOD-1,10.00,12.00,5",
      "BAD-PRICE,ten,12.00,5",
      "BAD-ORIGINAL,10.00,1.2.3,5",
      "BELOW,10.00,9.99,5",
      "NEGATIVE,10.00,10.00,-2",
      "FRACTION,10.00,10.00,1.5",
      "SHORT,10.00,10.00",
      ",10.00,10.00,1",
      "ZERO,0,0,1",
      "CENTS,10.001,11,1",
      "GOOD-2,1,1,0",
    ].join("\n");
    expect(refusals(text)).toEqual([
      [2, null, null],
      [3, "price", null],
      [4, "original_price", null],
      [5, "below_price", null],
      [6, "negative_stock", null],
      [7, "stock", null],
      [8, "columns", "3"],
      [9, "sku", null],
      [10, "price", null],
      [11, "price", null],
      [12, null, null],
    ]);
  });

  it("refuses every line of a SKU the file names twice, each naming the other", () => {
    expect(refusals("sku,price,original_price,stock\nA,1,1,1\nB,2,2,2\nA,3,3,3\n")).toEqual([
      [2, "duplicate", "4"],
      [3, null, null],
      [4, "duplicate", "2"],
    ]);
  });

  it("counts lines as the file has them: quoted fields, a line break inside quotes, blank lines", () => {
    expect(refusals('sku,price,original_price,stock\n"A,1",1.00,1.00,1\n\n"B ""2""\nsecond",1,1,1\nC,1,1,x\n')).toEqual([
      [2, null, null],
      [4, "sku", null],
      [6, "stock", null],
    ]);
  });

  it("says why a whole file cannot be read", () => {
    expect(file("")).toEqual({ ok: false, error: "empty" });
    expect(file("sku,price,stock\nA,1,1\n")).toEqual({ ok: false, error: "header", detail: "original_price" });
    expect(file("sku,price,original_price,stock\n")).toEqual({ ok: false, error: "no_rows" });
    expect(readBulkFile(new Uint8Array([0x73, 0xff, 0xfe, 0x0a]))).toEqual({ ok: false, error: "not_text" });
    const tooMany = ["sku,price,original_price,stock", ...Array.from({ length: BULK_MAX_ROWS + 1 }, (_, i) => `S${i},1,1,1`)].join("\n");
    expect(file(tooMany)).toEqual({ ok: false, error: "too_many_rows", detail: String(BULK_MAX_ROWS) });
    const justEnough = ["sku,price,original_price,stock", ...Array.from({ length: BULK_MAX_ROWS }, (_, i) => `S${i},1,1,1`)].join("\n");
    expect(rowsOf(justEnough)).toHaveLength(BULK_MAX_ROWS);
  });
});
