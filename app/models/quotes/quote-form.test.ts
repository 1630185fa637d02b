import { describe, expect, it } from "vitest";
import { checkRows, emptyRow, normalizeProductUrl, readRows, withEmptyRow, withoutRow } from "./quote-form";

const form = (entries: Array<[string, string]>) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("the order form's rows", () => {
  it("reads the rows as typed, in order", () => {
    const rows = readRows(
      form([
        ["url", "amazon.de/dp/1"], ["quantity", "2"], ["options", "XL"], ["note", ""], ["seenPrice", "19.99"],
        ["url", "bad link"], ["quantity", "x"], ["options", ""], ["note", "gift"], ["seenPrice", ""],
      ]),
    );
    expect(rows).toEqual([
      { url: "amazon.de/dp/1", quantity: "2", options: "XL", note: "", seenPrice: "19.99" },
      { url: "bad link", quantity: "x", options: "", note: "gift", seenPrice: "" },
    ]);
  });

  it("adds one empty row and removes one, never leaving none", () => {
    expect(withEmptyRow([emptyRow()])).toHaveLength(2);
    expect(withoutRow([emptyRow()], 0)).toEqual([emptyRow()]);
    expect(withoutRow([{ ...emptyRow(), url: "a" }, { ...emptyRow(), url: "b" }], 0)).toEqual([{ ...emptyRow(), url: "b" }]);
  });

  it("checks links, quantities and seen prices", () => {
    const checked = checkRows([
      { url: "not a url", quantity: "0", options: "", note: "", seenPrice: "1,505" },
      { url: "https://www.ebay.com/itm/1", quantity: "999", options: "", note: "", seenPrice: "" },
      { url: "", quantity: "1000", options: "", note: "", seenPrice: "" },
    ]);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toEqual([{ url: "url", quantity: "quantity", seenPrice: "price" }, {}, { url: "required", quantity: "quantity" }]);
    // The rows come back as typed.
    expect(checked.rows[0]!.url).toBe("not a url");
  });

  it("drops empty rows and makes lines in cents", () => {
    const checked = checkRows([
      { url: "amazon.de/dp/1", quantity: " 3 ", options: " red ", note: "", seenPrice: "19.9" },
      emptyRow(),
    ]);
    expect(checked).toEqual({
      ok: true,
      rows: [{ url: "amazon.de/dp/1", quantity: " 3 ", options: " red ", note: "", seenPrice: "19.9" }],
      lines: [{ url: "https://amazon.de/dp/1", quantity: 3, options: "red", note: "", seenPriceMinor: 1990 }],
    });
  });

  it("reads a seen price with a decimal comma, as Baltic shoppers type it", () => {
    const checked = checkRows([{ url: "amazon.de/dp/1", quantity: "1", options: "", note: "", seenPrice: " 1 299,5 " }]);
    expect(checked).toMatchObject({ ok: true, lines: [{ seenPriceMinor: 129950 }] });
  });

  it("asks for a link when every row is empty", () => {
    const checked = checkRows([emptyRow(), emptyRow()]);
    expect(checked).toMatchObject({ ok: false, errors: [{ url: "required" }] });
  });
});

describe("normalizeProductUrl", () => {
  it.each([
    ["https://www.amazon.com/dp/B0", "https://www.amazon.com/dp/B0"],
    ["amazon.co.uk/item?id=1", "https://amazon.co.uk/item?id=1"],
    ["http://ebay.de", "http://ebay.de/"],
  ])("takes %s", (input, output) => expect(normalizeProductUrl(input)).toBe(output));

  it.each(["", "amazon", "javascript:alert(1)", "ftp://amazon.com/x", "https://user:pw@amazon.com/", "https://localhost/x", "amazon .com/x", "https://1.2.3.4/x"])(
    "refuses %j",
    (input) => expect(normalizeProductUrl(input)).toBeNull(),
  );
});
