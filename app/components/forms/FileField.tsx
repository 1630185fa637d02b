import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { FieldFrame, hintIdOf } from "./Field";

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
  const props = getInputProps(field as FieldMetadata<File | File[] | undefined>, { type: "file", ariaDescribedBy: hint ? hintIdOf(field) : undefined });
  return (
    <FieldFrame field={field} label={label} hint={hint}>
      <input {...props} key={props.key} multiple={multiple} accept={accept} />
    </FieldFrame>
  );
}
