import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ContentList } from "~/components/admin/ContentList";
import { Field, SelectField } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { FAQ_FORM_CATEGORIES, NewFaqSchema } from "~/models/content/content-edit-schema";
import { createFaqEntry, staffFaqEntries } from "~/models/content/content-edit.server";
import { staffFor } from "~/web/admin/guard.server";
import { refused } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";
import { adminMeta } from "~/web/admin/page-title";

// /admin/content/faq: the FAQ's entries by category, each with the
// languages it is answered in and whether each is published; a new entry
// is its slug (its address, /faq/{slug}) and its category.

export const meta = adminMeta("admin.content.faq");

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
  const create = useSchemaForm(NewFaqSchema, { id: "new-faq", lastResult: reply, defaultValue: { category: "ordering" } });
  const categories = FAQ_FORM_CATEGORIES.map((category) => ({ value: category, label: t(`admin.content.categories.${category}`) }));
  const { fields } = create;
  return (
    <ContentList
      title={t("admin.content.faq")}
      empty={t("admin.content.noEntries")}
      rows={entries}
      first={[
        {
          header: t("admin.content.slug"),
          cell: (entry) => (
            <Link to={`/admin/content/faq/${entry.id}`} className="link">
              {entry.slug}
            </Link>
          ),
        },
        { header: t("admin.content.category"), cell: (entry) => t(`admin.content.categories.${entry.category}`) },
      ]}
      nameOf={(text) => text.question}
      newTitle={t("admin.content.newEntry")}
      create={create}
    >
      <Field field={fields.slug} label={t("admin.content.slug")} hint={t("admin.content.entrySlugHint")} />
      <SelectField field={fields.category} label={t("admin.content.category")} options={categories} />
    </ContentList>
  );
}
