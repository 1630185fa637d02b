import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormMessage } from "~/components/forms/Field";
import { useTranslation } from "~/hooks/use-translation";
import { LOCALES, type Locale } from "~/lib/i18n";
import { ContentNav } from "./ContentFields";
import { DataTable, type Column } from "./DataTable";

// The list pages of content pages, FAQ entries and blog posts: the content
// menu, a table of the records with a column per language (the text's name
// and whether it is published), and the form that creates a record, whose
// own fields the route passes.

type Listed = { id: number; texts: Partial<Record<Locale, { published: boolean }>> };
type TextOf<Row extends Listed> = NonNullable<Row["texts"][Locale]>;

export function ContentList<Row extends Listed, Output extends Record<string, unknown>>({
  title,
  empty,
  rows,
  first,
  last = [],
  nameOf,
  newTitle,
  create: { form, busy },
  children,
}: {
  /** The page's heading, and the table's caption. */
  title: string;
  empty: string;
  rows: Row[];
  /** The kind's own columns: `first` before the languages (the record's link, its site or category), `last` after them. */
  first: Column<Row>[];
  last?: Column<Row>[];
  /** What a language's column shows of the text (a title, a question). */
  nameOf: (text: TextOf<Row>) => string;
  newTitle: string;
  /** The form that creates a record (useSchemaForm's); `children` are its fields. */
  create: { form: FormMetadata<Output, string[]>; busy: boolean };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const languages: Column<Row>[] = LOCALES.map((locale) => ({
    header: t(`admin.content.languages.${locale}`),
    cell: (row) => {
      const text: TextOf<Row> | undefined = row.texts[locale];
      return text ? `${nameOf(text)} (${t(text.published ? "admin.content.published" : "admin.content.draft")})` : "—";
    },
  }));
  const headingId = `${form.id}-title`;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      <ContentNav />
      <DataTable caption={title} rows={rows} rowKey={(row) => row.id} empty={empty} columns={[...first, ...languages, ...last]} />
      <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg bg-surface p-4 shadow-sm">
        <h2 id={headingId} className="text-lg font-semibold">
          {newTitle}
        </h2>
        <FormMessage errors={form.errors} />
        <Form method="post" {...getFormProps(form)} className="grid max-w-2xl gap-3 sm:grid-cols-2">
          <input type="hidden" name="intent" value="create" />
          {children}
          <button type="submit" className="button-primary justify-self-start" disabled={busy}>
            {t("admin.content.create")}
          </button>
        </Form>
      </section>
    </div>
  );
}
