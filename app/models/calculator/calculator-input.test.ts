import { parseWithValibot } from "@conform-to/valibot";
import { describe, expect, it } from "vitest";
import { calculatorInputOf, calculatorSchema, parseScaled } from "./calculator-input";

const choices = { warehouses: ["us", "gb", "de", "cn"], countries: ["LT", "LV", "EE"] };
/** The form as the page reads its URL: what it asks the calculator, and each refused field's reason. */
const read = (query: string) => {
  const submission = parseWithValibot(new URLSearchParams(query), { schema: calculatorSchema(choices) });
  const errors = Object.fromEntries(Object.entries(submission.status === "error" ? (submission.error ?? {}) : {}).map(([field, messages]) => [field, messages?.[0]?.replace("calculator.errors.", "")]));
  return { errors, input: submission.status === "success" ? calculatorInputOf(submission.value) : null, values: submission.payload };
};
const errorsOf = (query: string) => read(query).errors;

describe("reading numbers exactly", () => {
  it("scales decimals to integers, with a dot or a comma", () => {
    expect(parseScaled("2.5", 3)).toBe(2500);
    expect(parseScaled("2,125", 3)).toBe(2125);
    expect(parseScaled(" 12 ", 2)).toBe(1200);
    expect(parseScaled("0.1", 1)).toBe(1);
  });
  it("refuses what is not a plain number, or has too many decimals", () => {
    for (const text of ["", "abc", "1e3", "2.5kg", "1.2345", "Infinity", "1..2"]) expect(parseScaled(text, 3)).toBeNull();
    expect(parseScaled("-1", 3)).toBe("negative");
  });
});

describe("the calculator form", () => {
  it("reads a full form into grams, millimetres and cents", () => {
    const form = read("from=us&to=LT&weight=2.5&length=50&width=40.5&height=30&value=120.50");
    expect(form).toMatchObject({
      errors: {},
      input: { from: "us", to: "LT", grams: 2500, dimensions: { lengthMm: 500, widthMm: 405, heightMm: 300 }, valueMinor: 12050 },
    });
  });

  it("takes no sizes and no value as none and zero", () => {
    expect(read("from=de&to=EE&weight=1&length=&width=&height=&value=")).toMatchObject({ errors: {}, input: { dimensions: null, valueMinor: 0 } });
  });

  it("reads the declared value as every money field does: a decimal comma and spaced thousands", () => {
    expect(read("from=de&to=EE&weight=1&value=1%C2%A0299%2C5")).toMatchObject({ errors: {}, input: { valueMinor: 129950 } });
    expect(read("from=de&to=EE&weight=1&value=120%2C50")).toMatchObject({ errors: {}, input: { valueMinor: 12050 } });
    expect(errorsOf("from=de&to=EE&weight=1&value=12%2C505")).toEqual({ value: "number" });
  });

  it("accepts the limits themselves", () => {
    expect(errorsOf("from=cn&to=LV&weight=300&length=300&width=300&height=300&value=50000")).toEqual({});
  });

  it("names each field it refuses, and keeps what was typed", () => {
    const form = read("from=xx&to=&weight=abc&length=-2&width=301&height=&value=-5");
    expect(form).toMatchObject({
      input: null,
      errors: { from: "choice", to: "required", weight: "number", length: "positive", width: "tooLong", height: "allDimensions", value: "negative" },
      values: { from: "xx", weight: "abc", length: "-2", width: "301", value: "-5" },
    });
  });

  it("refuses a weight of zero or over 300 kg, and an absurd value", () => {
    expect(errorsOf("from=us&to=LT&weight=0")).toEqual({ weight: "positive" });
    expect(errorsOf("from=us&to=LT&weight=300.001")).toEqual({ weight: "tooHeavy" });
    expect(errorsOf("from=us&to=LT&weight=")).toEqual({ weight: "required" });
    expect(errorsOf("from=us&to=LT&weight=1&value=50000.01")).toEqual({ value: "tooValuable" });
  });
});
