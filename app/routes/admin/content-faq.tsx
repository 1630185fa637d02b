import { getFormProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ContentNav } from "~/components/admin/ContentFields";
import { DataTable } from "~/components/admin/DataTable";
import { Field, FormMessage, SelectField } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { LOCALES } from "~/lib/i18n";
import { FAQ_FORM_CATEGORIES, NewFaqSchema } from "~/models/content/content-edit-schema";
import { createFaqEntry, staffFaqEntries } from "~/models/content/content-edit.server";
import { staffFor } from "~/web/admin/guard.server";
import { refused } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";

// /admin/content/faq: the FAQ's entries by category, each with the
// languages it is answered in and whether each is published; a new entry
// is its slug (its address, /faq/{slug}) and its category.

export const meta: MetaFunction = () => [{ title: "Back office" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "content.manage");
  return { entries: await staffFaqEntries() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "content.manage");
  const { submission, value, failure } = parseForm(await request.formData(), NewFaqSchema);
  if (failure) return failure;
  const created = await createFaqEntry(actor, value.slug, value.category);
  if (created.ok) return redirect(`/admin/content/faq/${created.id}?created`, 303);
  return refused(submission, staff.locale, "content.slugTaken");
}

export default function ContentFaq() {
  const { entries } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation();
  const { form, fields, busy } = useSchemaForm(NewFaqSchema, { id: "new-faq", lastResult: reply, defaultValue: { category: "ordering" } });
  const categories = FAQ_FORM_CATEGORIES.map((category) => ({ value: category, label: t(`admin.content.categories.${category}`) }));
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t("admin.content.faq")}</h1>
      <ContentNav />
      <DataTable
        caption={t("admin.content.faq")}
        rows={entries}
        rowKey={(entry) => entry.id}
        empty={t("admin.content.noEntries")}
        columns={[
          {
            header: t("admin.content.slug"),
            cell: (entry) => (
              <Link to={`/admin/content/faq/${entry.id}`} className="link">
                {entry.slug}
              </Link>
            ),
          },
          { header: t("admin.content.category"), cell: (entry) => t(`admin.content.categories.${entry.category}`) },
          ...LOCALES.map((locale) => ({
            header: t(`admin.content.languages.${locale}`),
            cell: (entry: (typeof entries)[number]) => {
              const text = entry.texts[locale];
              return text ? `${text.question} (${t(text.published ? "admin.content.published" : "admin.content.draft")})` : "—";
            },
          })),
        ]}
      />
      <section aria-labelledby="new-faq-title" className="flex flex-col gap-3 rounded-lg bg-surface p-4 shadow-sm">
        <h2 id="new-faq-title" className="text-lg font-semibold">
          {t("admin.content.newEntry")}
        </h2>
        <FormMessage errors={form.errors} />
        <Form method="post" {...getFormProps(form)} className="grid max-w-2xl gap-3 sm:grid-cols-2">
          <input type="hidden" name="intent" value="create" />
          <Field field={fields.slug} label={t("admin.content.slug")} hint={t("admin.content.entrySlugHint")} />
          <SelectField field={fields.category} label={t("admin.content.category")} options={categories} />
          <button type="submit" className="button-primary justify-self-start" disabled={busy}>
            {t("admin.content.create")}
          </button>
        </Form>
      </section>
    </div>
  );
}
