import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormMessage } from "~/components/forms/Field";
import { TextAreaField } from "~/components/forms/TextAreaField";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { formatDateTime } from "~/lib/format";
import { NOTE_MAX_LENGTH, NoteSchema } from "~/models/notes/note-form";

// Staff notes on a record (a customer's page now, an order's later): the
// list, newest first, and the form that adds one. The form posts intent
// "note" to its own page, whose action calls models/notes.

export function NotesList({ notes }: { notes: Array<{ id: number; staff_email: string; body: string; created_at: string | Date }> }) {
  const { t } = useTranslation();
  if (notes.length === 0) return <p className="rounded-lg bg-surface px-4 py-6 text-ink-muted">{t("admin.notes.empty")}</p>;
  return (
    <ol className="flex flex-col gap-2">
      {notes.map((note) => (
        <li key={note.id} className="rounded-lg bg-surface p-3 shadow-sm">
          <p className="text-sm text-ink-muted">
            <time dateTime={new Date(note.created_at).toISOString()}>{formatDateTime(note.created_at)}</time> · {note.staff_email}
          </p>
          <p className="whitespace-pre-wrap break-words">{note.body}</p>
        </li>
      ))}
    </ol>
  );
}

export function NoteForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const { form, fields, busy } = useSchemaForm(NoteSchema, { id: "note", lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-2">
      <FormMessage errors={form.errors} />
      <TextAreaField field={fields.body} label={t("admin.notes.body")} rows={3} maxLength={NOTE_MAX_LENGTH} />
      <button type="submit" name="intent" value="note" className="button-secondary self-start" disabled={busy}>
        {t("admin.notes.submit")}
      </button>
    </Form>
  );
}
