import { parseWithValibot } from "@conform-to/valibot";
import { describe, expect, it } from "vitest";
import { emptyRow, linesOf, normalizeProductUrl, QuoteRequestSchema, rowOf, type QuoteRowInput } from "./quote-form";

/** The rows as the order form posts them: rows[0].url and so on. */
function posted(rows: QuoteRowInput[]) {
  const data = new FormData();
  rows.forEach((row, i) => {
    for (const [field, value] of Object.entries(row)) data.append(`rows[${i}].${field}`, value);
  });
  return parseWithValibot(data, { schema: QuoteRequestSchema });
}

const errorsOf = (submission: ReturnType<typeof posted>) => (submission.status === "error" ? submission.error : null);

describe("the order form's rows", () => {
  it("checks links, quantities and seen prices, each by its field", () => {
    const submission = posted([
      { url: "not a url", quantity: "0", options: "", note: "", seenPrice: "1,505" },
      { url: "https://www.ebay.com/itm/1", quantity: "999", options: "", note: "", seenPrice: "" },
      { url: "", quantity: "1000", options: "", note: "", seenPrice: "" },
    ]);
    expect(errorsOf(submission)).toEqual({
      "rows[0].url": ["validation.url"],
      "rows[0].quantity": ["quotes.errors.quantity"],
      "rows[0].seenPrice": ["quotes.errors.price"],
      "rows[2].url": ["validation.required"],
      "rows[2].quantity": ["quotes.errors.quantity"],
    });
    // The rows come back as typed.
    expect(submission.payload).toMatchObject({ rows: [{ url: "not a url" }, {}, {}] });
  });

  it("drops empty rows and makes lines in cents", () => {
    const submission = posted([{ url: "amazon.de/dp/1", quantity: " 3 ", options: " red ", note: "", seenPrice: "19.9" }, emptyRow()]);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(linesOf(submission.value)).toEqual([{ url: "https://amazon.de/dp/1", quantity: 3, options: "red", note: "", seenPriceMinor: 1990 }]);
    // What the summary carries to the next post reads the same again.
    expect(rowOf(submission.value.rows[0]!)).toEqual({ url: "https://amazon.de/dp/1", quantity: "3", options: "red", note: "", seenPrice: "19.90" });
  });

  it("reads a seen price with a decimal comma, as Baltic shoppers type it", () => {
    const submission = posted([{ url: "amazon.de/dp/1", quantity: "1", options: "", note: "", seenPrice: " 1 299,5 " }]);
    expect(submission.status === "success" && linesOf(submission.value)[0]!.seenPriceMinor).toBe(129950);
  });

  it("asks for a link when every row is empty", () => {
    expect(errorsOf(posted([emptyRow(), emptyRow()]))).toEqual({ "rows[0].url": ["validation.required"] });
  });

  it("takes at most 30 rows", () => {
    const rows = Array.from({ length: 31 }, (_, i) => ({ ...emptyRow(), url: `amazon.de/dp/${i}` }));
    expect(errorsOf(posted(rows))).toEqual({ rows: ["validation.tooLong"] });
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
