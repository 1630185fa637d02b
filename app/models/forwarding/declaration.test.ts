import { describe, expect, it } from "vitest";
import { checkDeclaration, readDeclarationForm, withAnotherLine, type DeclarationValues } from "./declaration";

const form = (fields: Array<[string, string]>) => {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
};

const typed = (changes: Partial<DeclarationValues> = {}): DeclarationValues => ({
  warehouse: "de",
  tracking: " 1z 999 aa1 ",
  carrier: "UPS",
  shop: "Zalando",
  quote: "",
  lines: [{ description: "Boots", quantity: "2", value: "49.90" }],
  ...changes,
});

describe("readDeclarationForm", () => {
  it("pairs the repeated line fields row by row", () => {
    const values = readDeclarationForm(
      form([
        ["warehouse", "us"],
        ["line_description", "Boots"],
        ["line_quantity", "1"],
        ["line_value", "10"],
        ["line_description", "Socks"],
        ["line_quantity", "3"],
        ["line_value", "2.50"],
      ]),
    );
    expect(values.warehouse).toBe("us");
    expect(values.tracking).toBe("");
    expect(values.lines).toEqual([
      { description: "Boots", quantity: "1", value: "10" },
      { description: "Socks", quantity: "3", value: "2.50" },
    ]);
  });
});

describe("checkDeclaration", () => {
  it("makes a declaration with the number as carriers print it and values in cents", () => {
    expect(checkDeclaration(typed())).toEqual({
      ok: true,
      declaration: { warehouseCode: "de", trackingNumber: "1Z999AA1", carrier: "UPS", storeName: "Zalando", quoteId: null, lines: [{ description: "Boots", quantity: 2, valueMinor: 4990 }] },
    });
  });

  it("ignores rows left blank but refuses a half-filled one", () => {
    const blank = { description: "", quantity: "", value: "" };
    const added = { description: "", quantity: "1", value: "" };
    expect(checkDeclaration(typed({ lines: [typed().lines[0]!, blank, added] })).ok).toBe(true);
    expect(checkDeclaration(typed({ lines: [{ description: "Boots", quantity: "", value: "10" }] }))).toEqual({ ok: false, errors: { lines: "forwarding.errors.line" } });
    expect(checkDeclaration(typed({ lines: [{ description: "Boots", quantity: "1", value: "1,505" }] }))).toEqual({ ok: false, errors: { lines: "forwarding.errors.line" } });
  });

  it("reads a declared value with a decimal comma, as Baltic shoppers type it", () => {
    const checked = checkDeclaration(typed({ lines: [{ description: "Boots", quantity: "2", value: "49,9" }, { description: "Coat", quantity: "1", value: "1 200,00" }] }));
    expect(checked).toMatchObject({ ok: true, declaration: { lines: [{ valueMinor: 4990 }, { valueMinor: 120000 }] } });
  });

  it("names every field that is wrong", () => {
    const result = checkDeclaration({ warehouse: "", tracking: "x", carrier: "", shop: "", quote: "abc", lines: [] });
    expect(result).toEqual({
      ok: false,
      errors: {
        warehouse: "forwarding.errors.warehouse",
        tracking: "forwarding.errors.tracking",
        carrier: "forwarding.errors.carrier",
        shop: "forwarding.errors.shop",
        quote: "forwarding.errors.quote",
        lines: "forwarding.errors.noLines",
      },
    });
  });
});

describe("withAnotherLine", () => {
  it("adds one empty row and keeps what was typed", () => {
    const values = withAnotherLine(typed());
    expect(values.lines).toHaveLength(2);
    expect(values.lines[0]).toEqual(typed().lines[0]);
    expect(values.tracking).toBe(typed().tracking);
  });
});
