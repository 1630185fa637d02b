import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormMessage } from "~/components/forms/Field";

// The two forms of a settings list whose rows are edited where they stand
// (shipping discounts, a courier's parcel lockers): a row's own form, its
// fields in a line and Save beside them, and the form below the list that
// adds one more. Each page holds many forms, so each shows only the reply
// meant for it (use-reply-for.ts).

type Props<Schema extends Record<string, unknown>> = {
  form: FormMetadata<Schema, string[]>;
  busy: boolean;
  /** The hidden inputs that name the row and the version it was read at. */
  hidden: ReactNode;
  children: ReactNode;
};

/** A row's fields in one line with Save beside them, and the form's message below. */
export function RowForm<Schema extends Record<string, unknown>>({ form, busy, hidden, saveLabel, children }: Props<Schema> & { saveLabel: string }) {
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-2">
      {hidden}
      <div className="flex flex-wrap items-start gap-2">
        {children}
        <button type="submit" className="button-secondary text-sm" disabled={busy}>
          {saveLabel}
        </button>
      </div>
      <FormMessage errors={form.errors} />
    </Form>
  );
}

/** The form below a list that adds one more row, titled by what it adds. */
export function AddRowForm<Schema extends Record<string, unknown>>({
  form,
  busy,
  hidden,
  title,
  Heading = "h2",
  children,
}: Props<Schema> & { title: string; Heading?: "h2" | "h3" }) {
  const titleId = `${form.id}-title`;
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby={titleId} className="flex max-w-md flex-col gap-4 rounded-lg bg-surface p-4 shadow-sm">
      <Heading id={titleId} className="text-lg font-semibold">
        {title}
      </Heading>
      {hidden}
      {children}
      <FormMessage errors={form.errors} />
      <button type="submit" className="button-primary self-start" disabled={busy}>
        {title}
      </button>
    </Form>
  );
}
