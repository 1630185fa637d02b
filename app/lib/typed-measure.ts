import * as v from "valibot";

/**
 * A kilogram or centimetre field as staff type it, "1,2" or "1.2", up to
 * `decimals` places, read into whole units of 1/`scale` (grams for kg with
 * a scale of 1000, millimetres for cm with 10); empty, anything else or
 * zero is refused with `message`.
 */
export function typedMeasure(decimals: number, scale: number, message: string) {
  return v.pipe(
    v.string("validation.required"),
    v.trim(),
    v.nonEmpty("validation.required"),
    v.regex(new RegExp(`^\\d{1,4}([.,]\\d{1,${decimals}})?$`), message),
    v.transform((text) => Math.round(Number(text.replace(",", ".")) * scale)),
    v.minValue(1, message),
  );
}
