import { getFormProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CategoryFields } from "~/components/admin/CategoryFields";
import { DataTable } from "~/components/admin/DataTable";
import { FormMessage } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { LOCALES } from "~/lib/i18n";
import { createCategory, staffCategories } from "~/models/catalogue/category-edit.server";
import { CategoryCreateSchema, categoryInput } from "~/models/catalogue/category-form";
import { staffFor } from "~/web/admin/guard.server";
import { refused } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";
import { adminMeta } from "~/web/admin/page-title";

// /admin/categories: the category tree, each parent before its children in
// their order, with its address and its name in each language; a form below
// adds a category anywhere in the tree.

export const meta = adminMeta("admin.categories.title");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "catalogue.edit");
  return { categories: await staffCategories() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "catalogue.edit");
  const { submission, value, failure } = parseForm(await request.formData(), CategoryCreateSchema);
  if (failure) return failure;
  const created = await createCategory(actor, categoryInput(value));
  if (created.ok) return redirect(`/admin/categories/${created.id}?created`, 303);
  if (created.error === "slug_taken") return refused(submission, staff.locale, "categories.slugTaken", { path: `/c/${created.path}` });
  return refused(submission, staff.locale, "categories.parentMissing");
}

export default function Categories() {
  const { categories } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation();
  const { form, fields, busy } = useSchemaForm(CategoryCreateSchema, { id: "new-category", lastResult: reply, defaultValue: { parent: "", position: "0" } as never });
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t("admin.categories.title")}</h1>
      <p className="text-ink-muted">{t("admin.categories.intro")}</p>
      <DataTable
        caption={t("admin.categories.title")}
        rows={categories}
        rowKey={(category) => category.id}
        empty={t("admin.categories.empty")}
        columns={[
          {
            header: t("admin.categories.name"),
            cell: (category) => (
              <span style={{ paddingInlineStart: `${category.depth * 1.5}rem` }} className="inline-block">
                <Link to={`/admin/categories/${category.id}`} className="link">
                  {category.texts.en?.name ?? category.slug}
                </Link>
              </span>
            ),
          },
          { header: t("admin.categories.address"), cell: (category) => <span className="break-all">/c/{category.path}</span> },
          { header: t("admin.categories.position"), cell: (category) => category.position, numeric: true },
          ...LOCALES.filter((locale) => locale !== "en").map((locale) => ({
            header: t(`admin.content.languages.${locale}`),
            cell: (category: (typeof categories)[number]) => category.texts[locale]?.name ?? "—",
          })),
        ]}
      />
      <section aria-labelledby="new-category-title" className="flex flex-col gap-3 rounded-lg bg-surface p-4 shadow-sm">
        <h2 id="new-category-title" className="text-lg font-semibold">
          {t("admin.categories.new")}
        </h2>
        <FormMessage errors={form.errors} />
        <Form method="post" {...getFormProps(form)} className="flex max-w-3xl flex-col gap-3">
          <input type="hidden" name="intent" value="create" />
          <CategoryFields fields={fields as never} parents={categories} />
          <button type="submit" className="button-primary self-start" disabled={busy}>
            {t("admin.categories.create")}
          </button>
        </Form>
      </section>
    </div>
  );
}
