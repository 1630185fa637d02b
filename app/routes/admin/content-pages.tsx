import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ContentList } from "~/components/admin/ContentList";
import { Field, SelectField } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { formatDateTime } from "~/lib/format";
import { NewPageSchema } from "~/models/content/content-edit-schema";
import { createPage, staffPages } from "~/models/content/content-edit.server";
import { allSites } from "~/models/sites/sites.server";
import { staffFor } from "~/web/admin/guard.server";
import { refused } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";
import { adminMeta } from "~/web/admin/page-title";

// /admin/content/pages: the content pages (about us, warranty, contacts…),
// each with the languages it has a text in and whether each is published;
// a new page is its slug and, for a site's own page, the site.

export const meta = adminMeta("admin.content.pages");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "content.manage");
  const [pages, sites] = await Promise.all([staffPages(), allSites()]);
  return { pages, sites: sites.map((site) => site.code) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "content.manage");
  const { submission, value, failure } = parseForm(await request.formData(), NewPageSchema);
  if (failure) return failure;
  const created = await createPage(actor, value.slug, value.site || null);
  if (created.ok) return redirect(`/admin/content/pages/${created.id}?created`, 303);
  return refused(submission, staff.locale, created.error === "slug_taken" ? "content.slugTaken" : "content.noSuchSite", undefined, 409);
}

export default function ContentPages() {
  const { pages, sites } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation();
  const create = useSchemaForm(NewPageSchema, { id: "new-page", lastResult: reply, defaultValue: { site: "" } });
  const { fields } = create;
  return (
    <ContentList
      title={t("admin.content.pages")}
      empty={t("admin.content.noPages")}
      rows={pages}
      first={[
        {
          header: t("admin.content.slug"),
          cell: (page) => (
            <Link to={`/admin/content/pages/${page.id}`} className="link">
              /{page.slug}
            </Link>
          ),
        },
        { header: t("admin.content.site"), cell: (page) => page.site ?? t("admin.content.everySite") },
      ]}
      last={[{ header: t("admin.content.updated"), cell: (page) => formatDateTime(page.updated_at) }]}
      nameOf={(text) => text.title}
      newTitle={t("admin.content.newPage")}
      create={create}
    >
      <Field field={fields.slug} label={t("admin.content.slug")} hint={t("admin.content.pageSlugHint")} />
      <SelectField field={fields.site} label={t("admin.content.site")} options={[{ value: "", label: t("admin.content.everySite") }, ...sites.map((code) => ({ value: code, label: code }))]} />
    </ContentList>
  );
}
