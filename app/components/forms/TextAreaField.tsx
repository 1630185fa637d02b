import { getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { FieldError } from "./Field";

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
  const hintId = `${field.id}-hint`;
  const props = getTextareaProps(field, { ariaDescribedBy: hint ? hintId : undefined });
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={field.id} className="font-medium">
        {label}
      </label>
      <textarea {...props} key={props.key} rows={rows} maxLength={maxLength} className={mono ? "field-input font-mono text-sm" : "field-input"} />
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      <FieldError field={field} />
    </div>
  );
}

/** A password being chosen: the browser may offer one, and the hint says how long it must be. */
