import * as v from "valibot";
import { pathTo } from "~/lib/issue-path";
import { parseTypedMinor, type Minor } from "~/lib/money";
import type { Dimensions } from "./shipping-price";

// The calculator's GET form (calculate): read from the URL so that a result
// has an address of its own, by the form's one schema. Amounts are read exactly into integers (grams,
// millimetres, cents); a comma counts as a decimal point, as in LT, LV and
// EE. Anything out of bounds is refused with the field named, never clamped.

export const CALCULATOR_LIMITS = { maxKg: 300, maxCm: 300, maxValueEur: 50_000 } as const;

/** Why a field was refused: a key of the calculator texts' errors. */
export type CalculatorError = "required" | "number" | "positive" | "negative" | "tooHeavy" | "tooLong" | "tooValuable" | "choice" | "allDimensions";

export type CalculatorInput = { from: string; to: string; grams: number; dimensions: Dimensions | null; valueMinor: Minor };

const DECIMAL = /^(\d{1,9})(?:\.(\d+))?$/;

/** "2.5" with 3 decimals → 2500; "-1" → "negative"; more decimals than allowed or not a number → null. */
export function parseScaled(text: string, decimals: number): number | "negative" | null {
  const normal = text.trim().replace(",", ".");
  if (/^-\s*\d/.test(normal)) return "negative";
  const match = DECIMAL.exec(normal);
  if (!match) return null;
  const fraction = match[2] ?? "";
  if (fraction.length > decimals) return null;
  return Number(match[1]) * 10 ** decimals + Number(fraction.padEnd(decimals, "0") || "0");
}

type Measure = { decimals: number; max: number; tooMuch: CalculatorError; zeroAllowed: boolean };

function measure(text: string, rule: Measure): number | CalculatorError {
  if (text.trim() === "") return "required";
  const scaled = parseScaled(text, rule.decimals);
  if (scaled === "negative") return rule.zeroAllowed ? "negative" : "positive";
  if (scaled === null) return "number";
  if (scaled === 0 && !rule.zeroAllowed) return "positive";
  if (scaled > rule.max * 10 ** rule.decimals) return rule.tooMuch;
  return scaled;
}

const WEIGHT: Measure = { decimals: 3, max: CALCULATOR_LIMITS.maxKg, tooMuch: "tooHeavy", zeroAllowed: false };
const SIZE: Measure = { decimals: 1, max: CALCULATOR_LIMITS.maxCm, tooMuch: "tooLong", zeroAllowed: false };

/** The declared value: an amount of money like every other the shop's forms take, read by the money module's one parser. */
function declaredValue(text: string): Minor | CalculatorError {
  const minor = parseTypedMinor(text);
  if (minor === null) return /^\s*-\s*\d/.test(text) ? "negative" : "number";
  if (minor < 0) return "negative";
  return minor > CALCULATOR_LIMITS.maxValueEur * 100 ? "tooValuable" : minor;
}

/** What the schema checks the form's choices against: the warehouses' codes and the countries. */
export function choiceCodes(choices: { warehouses: ReadonlyArray<{ code: string }>; countries: readonly string[] }) {
  return { warehouses: choices.warehouses.map((w) => w.code), countries: choices.countries };
}

/** A field as the URL holds it, trimmed; conform sends a blank one as missing. */
const typed = v.pipe(
  v.optional(v.unknown(), ""),
  v.transform((value) => (typeof value === "string" ? value.trim() : "")),
);

/** A measure read by `read`, which gives the value or names what is wrong (a key of calculator.errors). */
const readBy = <T extends number | null>(read: (text: string) => T | CalculatorError) =>
  v.pipe(
    typed,
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const value = read(dataset.value);
      if (typeof value !== "string") return value;
      addIssue({ message: `calculator.errors.${value}` });
      return NEVER;
    }),
  );

const choice = (options: readonly string[]) =>
  v.pipe(
    typed,
    v.check((text) => text !== "", "calculator.errors.required"),
    v.check((text) => text === "" || options.includes(text), "calculator.errors.choice"),
  );
/** A size is left out with the others; given alone, the rest are asked for. */
const size = readBy((text) => (text === "" ? null : measure(text, SIZE)));
const SIZES = ["length", "width", "height"] as const;

/**
 * The calculator's one schema, for the warehouses and countries on offer:
 * conform checks the form with it in the browser, the page's loader the
 * URL. The sizes are all given or all left out; the declared value may be
 * left out (0).
 */
export function calculatorSchema(choices: { warehouses: readonly string[]; countries: readonly string[] }) {
  return v.pipe(
    v.object({
      from: choice(choices.warehouses),
      to: choice(choices.countries),
      weight: readBy((text) => measure(text, WEIGHT)),
      length: size,
      width: size,
      height: size,
      value: readBy((text) => (text === "" ? 0 : declaredValue(text))),
    }),
    // Runs whether or not the other fields hold up, so every message shows at once.
    v.rawCheck(({ dataset, addIssue }) => {
      const sizes = dataset.value as Partial<Record<(typeof SIZES)[number], unknown>>;
      if (!SIZES.some((field) => sizes[field] !== null && sizes[field] !== undefined)) return;
      for (const field of SIZES) if (sizes[field] === null || sizes[field] === undefined) addIssue({ message: "calculator.errors.allDimensions", path: pathTo(field) });
    }),
  );
}

export type CalculatorFormValues = v.InferOutput<ReturnType<typeof calculatorSchema>>;

/** What a checked form asks the calculator. */
export function calculatorInputOf({ from, to, weight, length, width, height, value }: CalculatorFormValues): CalculatorInput {
  return {
    from,
    to,
    grams: weight,
    // Sizes are read in tenths of a cm: whole millimetres.
    dimensions: length !== null && width !== null && height !== null ? { lengthMm: length, widthMm: width, heightMm: height } : null,
    valueMinor: value,
  };
}
