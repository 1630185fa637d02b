import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/hooks/use-translation";

/**
 * A text input for a value the schema turns into a number (an amount, a
 * weight, a size): typed as the person types it ("12,50"), checked by the
 * same valibot schema in the browser and on the server, its translated
 * error below it.
 */
export function TypedField({ field, label, inputMode = "decimal" }: { field: FieldMetadata<unknown>; label: string; inputMode?: "decimal" | "text" }) {
  const { t } = useTranslation();
  // The input is text whatever the schema makes of it.
  const props = getInputProps(field as FieldMetadata<string>, { type: "text" });
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={field.id} className="text-sm font-medium">
        {label}
      </label>
      <input {...props} key={props.key} inputMode={inputMode} autoComplete="off" className="field-input" />
      {field.errors?.length ? (
        <p id={field.errorId} className="text-sm font-medium text-danger">
          {t(field.errors[0]!)}
        </p>
      ) : null}
    </div>
  );
}
