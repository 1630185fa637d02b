import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/models/accounts/schemas";

type InputType = "text" | "email" | "password" | "tel" | "url" | "checkbox";

/** A labelled input with its translated error, wired up by conform (aria-invalid, aria-describedby). */
export function Field({
  field,
  label,
  type = "text",
  autoComplete,
  inputMode,
  hint,
  values,
  spellCheck,
  maxLength,
}: {
  field: FieldMetadata<string | number | null | undefined>;
  label: string;
  type?: Exclude<InputType, "checkbox">;
  autoComplete?: string;
  inputMode?: "numeric" | "decimal" | "url";
  hint?: string;
  /** false where what is typed is an address or a code, not words. */
  spellCheck?: boolean;
  /** What fills the blanks of the field's message ({{max}}, say). */
  values?: Record<string, string | number>;
  maxLength?: number;
}) {
  const props = getInputProps(field, { type, ariaDescribedBy: hint ? hintIdOf(field) : undefined });
  return (
    <FieldFrame field={field} label={label} hint={hint} values={values}>
      <input {...props} key={props.key} autoComplete={autoComplete} inputMode={inputMode} spellCheck={spellCheck} maxLength={maxLength} className="field-input" />
    </FieldFrame>
  );
}

export function NewPasswordField({ field, label }: { field: FieldMetadata<string | undefined>; label: string }) {
  const { t } = useTranslation();
  return <Field field={field} label={label} type="password" autoComplete="new-password" hint={t("auth.passwordHint")} />;
}

export function CheckboxField({ field, label }: { field: FieldMetadata<boolean | undefined>; label: string }) {
  const props = getInputProps(field, { type: "checkbox" });
  return (
    <div>
      <label htmlFor={field.id} className="flex items-center gap-2">
        <input {...props} key={props.key} className="size-4 accent-[var(--sf-brand)]" />
        {label}
      </label>
      <FieldError field={field} />
    </div>
  );
}

export function SelectField({
  field,
  label,
  options,
  placeholder,
  autoComplete,
}: {
  field: FieldMetadata<number | string | null | undefined>;
  label: string;
  options: { value: string; label: string }[];
  /** A first, empty choice ("Choose…"); without it the first option is chosen. */
  placeholder?: string;
  autoComplete?: string;
}) {
  const props = getSelectProps(field);
  return (
    <FieldFrame field={field} label={label}>
      <select {...props} key={props.key} autoComplete={autoComplete} className="field-input">
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** The id of a field's hint, which its control names in aria-describedby. */
export const hintIdOf = (field: FieldMetadata<unknown>) => `${field.id}-hint`;

/** What surrounds every field's control: its label above, its hint and its translated message below. */
export function FieldFrame({
  field,
  label,
  hint,
  values,
  children,
}: {
  field: FieldMetadata<unknown>;
  label: string;
  hint?: string;
  values?: Record<string, string | number>;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={field.id} className="font-medium">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={hintIdOf(field)} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      <FieldError field={field} values={values} />
    </div>
  );
}

/** A field's first message, translated; `values` fill the text's blanks beside the password's limits. */
export function FieldError({ field, values }: { field: FieldMetadata<unknown>; values?: Record<string, string | number> }) {
  const { t } = useTranslation();
  if (!field.errors?.length) return null;
  const key = field.errors[0]!;
  // The password's limits are counts: the text's form follows the one it names.
  const count = key === "auth.passwordTooShort" ? PASSWORD_MIN_LENGTH : PASSWORD_MAX_LENGTH;
  return (
    <p id={field.errorId} className="text-sm font-medium text-danger">
      {t(key, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH, count, ...values })}
    </p>
  );
}

/** The form's own messages (wrong password, too many attempts...), announced when they appear. */
export function FormMessage({ errors, success }: { errors?: string[]; success?: string }) {
  const { t } = useTranslation();
  if (errors?.length) {
    return (
      <div role="alert" className="rounded-lg border border-danger bg-danger-soft px-4 py-3 text-sm font-medium text-danger">
        {errors.map((error) => (
          <p key={error}>{t(error)}</p>
        ))}
      </div>
    );
  }
  if (success) {
    return (
      <div role="status" className="rounded-lg border border-success bg-success-soft px-4 py-3 text-sm font-medium text-success">
        {success}
      </div>
    );
  }
  return null;
}
