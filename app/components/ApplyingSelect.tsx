import { useTranslation } from "~/hooks/use-translation";
import { SubmitUntilHydrated } from "./SubmitUntilHydrated";

export type ApplyingSelectOption = { value: string; label: string };

/**
 * A labelled select inside a form that works before JavaScript loads (choose,
 * then press Apply); once hydrated, choosing is enough: `onChoose` sends the
 * form. Controlled with `value`, or left to the URL with `defaultValue`,
 * which also starts it afresh when the URL changes.
 */
export function ApplyingSelect({
  id,
  name,
  label,
  hideLabel = false,
  options,
  value,
  defaultValue,
  onChoose,
}: {
  id: string;
  name: string;
  label: string;
  hideLabel?: boolean;
  options: ApplyingSelectOption[];
  value?: string;
  defaultValue?: string;
  onChoose: (form: HTMLFormElement | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "text-sm text-ink-muted"}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        defaultValue={defaultValue}
        key={defaultValue}
        onChange={(event) => onChoose(event.currentTarget.form)}
        className="rounded border border-line-strong bg-surface px-2 py-1.5 text-sm"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <SubmitUntilHydrated>{t("shell.apply")}</SubmitUntilHydrated>
    </>
  );
}
