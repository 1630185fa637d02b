import { getFormProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { TrailSection } from "~/components/admin/AuditTrail";
import { CategoryFields } from "~/components/admin/CategoryFields";
import { RecordHeading } from "~/components/admin/RecordHeading";
import { FormMessage } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { LOCALES } from "~/lib/i18n";
import { saveCategory, staffCategory } from "~/models/catalogue/category-edit.server";
import { CategorySaveSchema, categoryInput } from "~/models/catalogue/category-form";
import { staffFor } from "~/web/admin/guard.server";
import { recordIdOf } from "~/web/admin/record-id";
import { refused, staleRefusal } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";
import { routeCheckFailed } from "~/web/not-found";
import { recordOf } from "~/web/admin/record-page";
import { adminTitle } from "~/web/admin/page-title";

// /admin/categories/:id: a category's slug, parent, order and its name and
// page title in each language. A new slug or parent moves the category (and
// those below it) to new addresses, each old one answering 301 to its new
// one; menus, listings and the sitemap follow on the next request.

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => adminTitle(matches, data && `/c/${data.category.path}`);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "catalogue.edit");
  const found = await recordOf(request, params.id, staffCategory);
  const url = new URL(request.url);
  return { ...found, saved: url.searchParams.has("saved"), moved: Number(url.searchParams.get("moved")) || 0, created: url.searchParams.has("created") };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "catalogue.edit");
  const categoryId = recordIdOf(request, params.id);
  const { submission, value, failure } = parseForm(await request.formData(), CategorySaveSchema);
  if (failure) return failure;
  const saved = await saveCategory(actor, categoryId, categoryInput(value), new Date(value.version));
  if (saved.ok) return redirect(`/admin/categories/${categoryId}?saved${saved.moved.length ? `&moved=${saved.moved.length}` : ""}`, 303);
  if (saved.error === "not_found") throw routeCheckFailed(request);
  if (saved.error === "stale") return staleRefusal(submission, staff.locale, saved);
  if (saved.error === "slug_taken") return refused(submission, staff.locale, "categories.slugTaken", { path: `/c/${saved.path}` });
  if (saved.error === "cycle") return refused(submission, staff.locale, "categories.cycle", undefined, 400);
  if (saved.error === "redirect") return refused(submission, staff.locale, "categories.redirectRefused", { from: saved.from, problem: saved.problem });
  return refused(submission, staff.locale, "categories.parentMissing");
}

export default function Category() {
  const { category, parents, trail, saved, moved, created } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation();
  const version = new Date(category.updated_at).toISOString();
  const texts = Object.fromEntries(LOCALES.flatMap((locale) => [[`name_${locale}`, category.texts[locale]?.name ?? ""], [`title_${locale}`, category.texts[locale]?.title ?? ""]]));
  const { form, fields, busy } = useSchemaForm(CategorySaveSchema, {
    id: `category-${category.id}-${version}`,
    lastResult: reply,
    defaultValue: { slug: category.slug, parent: category.parent_id === null ? "" : String(category.parent_id), position: String(category.position), ...texts } as never,
  });
  const address = `/c/${category.path}`;
  const success = saved && !form.errors ? (moved ? t("admin.categories.savedMoved", { count: moved, address }) : t("admin.categories.saved")) : created ? t("admin.categories.created") : undefined;
  return (
    <div className="flex flex-col gap-6">
      <RecordHeading back={{ to: "/admin/categories", label: t("admin.categories.title") }} title={category.texts.en?.name ?? category.slug} className="flex flex-col gap-2">
        <p className="text-sm">
          <a href={`/en${address}`} className="link" target="_blank" rel="noreferrer">
            {t("admin.content.viewOnShop", { address })}
          </a>
        </p>
      </RecordHeading>
      <FormMessage errors={form.errors} success={success} />
      <Form method="post" {...getFormProps(form)} className="flex max-w-3xl flex-col gap-4 rounded-lg bg-surface p-4 shadow-sm">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="version" value={version} />
        <p className="text-sm text-ink-muted">{t("admin.categories.renameNote")}</p>
        <CategoryFields fields={fields as never} parents={parents} />
        <button type="submit" className="button-primary self-start" disabled={busy}>
          {t("admin.categories.save")}
        </button>
      </Form>
      <TrailSection entries={trail} />
    </div>
  );
}
