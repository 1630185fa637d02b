import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { FieldError } from "./Field";

// Apart from Field, as TextAreaField is: only the forms that take files carry it.

/** Field's counterpart for files: `accept` is what the picker offers, not a check (the server reads each file's content). */
export function FileField({
  field,
  label,
  accept,
  multiple,
  hint,
}: {
  field: FieldMetadata<unknown>;
  label: string;
  accept: string;
  multiple?: boolean;
  hint?: string;
}) {
  const hintId = `${field.id}-hint`;
  const props = getInputProps(field as FieldMetadata<File | File[] | undefined>, { type: "file", ariaDescribedBy: hint ? hintId : undefined });
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={field.id} className="font-medium">
        {label}
      </label>
      <input {...props} key={props.key} multiple={multiple} accept={accept} />
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      <FieldError field={field} />
    </div>
  );
}
