import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/hooks/use-translation";

// A list's filters are a GET form: a filtered list is an address staff can
// reload, share and open without scripts. One look and one "Apply" button
// for every list of the back office.

/** The filters, then their button: "Apply" unless `submit` names it ("Search" where the form is a search, `role` search); `after` follows it. */
export function Filters({ children, submit, role, after }: { children: ReactNode; submit?: string; role?: "search"; after?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Form method="get" role={role} className="flex flex-wrap items-end gap-3 rounded-lg bg-surface p-4 shadow-sm">
      {children}
      <button type="submit" className="button-primary">
        {submit ?? t("admin.orders.apply")}
      </button>
      {after}
    </Form>
  );
}

export type Choice = { value: string; label: string };

/** One choice among `choices`, each a value and what staff read. */
export function ChoiceFilter({ name, label, value, choices }: { name: string; label: string; value: string; choices: readonly Choice[] }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <select name={name} defaultValue={value} className="field-input">
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** `values` as choices, each read through `label`, after the given first ones ("any", "open"). */
export function choicesOf<V extends string>(values: readonly V[], label: (value: V) => string, first: readonly Choice[] = []): Choice[] {
  return [...first, ...values.map((value) => ({ value, label: label(value) }))];
}

/** A text to search for (by default), a word or a date; `wide` takes the row's free width. */
export function TextFilter({ label, value, name = "q", type = "search", maxLength, wide }: { label: string; value: string; name?: string; type?: "search" | "text" | "date"; maxLength?: number; wide?: boolean }) {
  return (
    <label className={`flex flex-col gap-1 text-sm font-medium${wide ? " min-w-0 flex-1" : ""}`}>
      {label}
      <input type={type} name={name} defaultValue={value} maxLength={maxLength} className="field-input" />
    </label>
  );
}

/** A record's number in a list, leading to its page. */
export function RecordLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="link font-semibold">
      {children}
    </Link>
  );
}
