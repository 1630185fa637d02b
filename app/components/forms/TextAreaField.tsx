import { getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { FieldFrame, hintIdOf } from "./Field";

// Apart from Field, so that a form without text of several lines (most of
// the shop's) does not carry it in its first load.

/** Field's counterpart for text of several lines: a reason, an answer, a body in Markdown (`mono`, where the characters themselves matter). */
export function TextAreaField({
  field,
  label,
  hint,
  rows = 4,
  maxLength,
  mono,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  hint?: string;
  rows?: number;
  maxLength?: number;
  mono?: boolean;
}) {
  const props = getTextareaProps(field, { ariaDescribedBy: hint ? hintIdOf(field) : undefined });
  return (
    <FieldFrame field={field} label={label} hint={hint}>
      <textarea {...props} key={props.key} rows={rows} maxLength={maxLength} className={mono ? "field-input font-mono text-sm" : "field-input"} />
    </FieldFrame>
  );
}
