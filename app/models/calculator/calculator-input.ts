import { parseTypedMinor, type Minor } from "~/lib/money";
import type { Dimensions } from "./shipping-price";

// The calculator's GET form (calculate): read from the URL so that a result
// has an address of its own. Amounts are read exactly into integers (grams,
// millimetres, cents); a comma counts as a decimal point, as in LT, LV and
// EE. Anything out of bounds is refused with the field named, never clamped.

export const CALCULATOR_FIELDS = ["from", "to", "weight", "length", "width", "height", "value"] as const;
export type CalculatorField = (typeof CALCULATOR_FIELDS)[number];
export type CalculatorValues = Record<CalculatorField, string>;

export const CALCULATOR_LIMITS = { maxKg: 300, maxCm: 300, maxValueEur: 50_000 } as const;

/** Why a field was refused: a key of the calculator texts' errors. */
export type CalculatorError = "required" | "number" | "positive" | "negative" | "tooHeavy" | "tooLong" | "tooValuable" | "choice" | "allDimensions";

export type CalculatorInput = { from: string; to: string; grams: number; dimensions: Dimensions | null; valueMinor: Minor };

export type CalculatorForm =
  | { submitted: false; values: CalculatorValues }
  | { submitted: true; values: CalculatorValues; errors: Partial<Record<CalculatorField, CalculatorError>>; input: CalculatorInput | null };

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

/**
 * The form as the URL holds it. Nothing is submitted until the weight is
 * there (the form always sends it). The sizes are all given or all left
 * out; the declared value may be left out (0).
 */
export function readCalculatorForm(params: URLSearchParams, choices: { warehouses: readonly string[]; countries: readonly string[] }): CalculatorForm {
  const values = Object.fromEntries(CALCULATOR_FIELDS.map((field) => [field, (params.get(field) ?? "").trim()])) as CalculatorValues;
  if (!params.has("weight")) return { submitted: false, values };

  const errors: Partial<Record<CalculatorField, CalculatorError>> = {};
  if (!choices.warehouses.includes(values.from)) errors.from = values.from ? "choice" : "required";
  if (!choices.countries.includes(values.to)) errors.to = values.to ? "choice" : "required";

  const grams = measure(values.weight, WEIGHT);
  if (typeof grams === "string") errors.weight = grams;

  const sizeFields = ["length", "width", "height"] as const;
  const anySize = sizeFields.some((field) => values[field] !== "");
  const sizes = sizeFields.map((field) => {
    const size = measure(values[field], SIZE);
    if (!anySize) return 0;
    if (typeof size === "string") errors[field] = size === "required" ? "allDimensions" : size;
    return typeof size === "number" ? size : 0;
  });

  const value = values.value === "" ? 0 : declaredValue(values.value);
  if (typeof value === "string") errors.value = value;

  if (Object.keys(errors).length > 0 || typeof grams !== "number" || typeof value !== "number") return { submitted: true, values, errors, input: null };
  // Sizes are read in tenths of a cm: whole millimetres.
  const [lengthMm, widthMm, heightMm] = sizes as [number, number, number];
  return {
    submitted: true,
    values,
    errors,
    input: { from: values.from, to: values.to, grams, dimensions: anySize ? { lengthMm, widthMm, heightMm } : null, valueMinor: value },
  };
}
