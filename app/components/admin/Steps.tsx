import { Form } from "@remix-run/react";
import type { FormEvent, ReactNode } from "react";
import { Section } from "./Section";

// The steps a record can take now (pack, ship, cancel, refund, price…), each
// its own form, gathered in one headed card near the top of its page. Every
// form carries what the page saw of the record (its version, its status), so
// that a step taken on an older view is refused: the stale-edit rule.

/** The card of a record's steps, under `title`; nothing at all when `show` is false (no step may be taken now). */
export function StepsSection({ title, show, children }: { title: string; show: boolean; children: ReactNode }) {
  if (!show) return null;
  return (
    <Section title={title}>
      <div className="flex flex-col gap-4 rounded-lg bg-surface p-4 shadow-sm">{children}</div>
    </Section>
  );
}

/**
 * A step that needs nothing but its button: `seen` is what goes back of the
 * record as the page saw it (`{ version: 3 }`); `hint`, when the step wants
 * one, says above the button what it will do; `formProps`, conform's, where
 * the step's refusals are shown by its own form.
 */
export function StepForm({
  intent,
  label,
  busy,
  seen,
  hint,
  formProps,
}: {
  intent: string;
  label: string;
  busy: boolean;
  seen: Record<string, string | number>;
  hint?: string;
  formProps?: { id: string; onSubmit: (event: FormEvent<HTMLFormElement>) => void; noValidate: boolean };
}) {
  return (
    <Form method="post" {...formProps}>
      {Object.entries(seen).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {hint ? <p className="mb-2 text-sm text-ink-muted">{hint}</p> : null}
      <button type="submit" name="intent" value={intent} className="button-secondary" disabled={busy}>
        {label}
      </button>
    </Form>
  );
}
