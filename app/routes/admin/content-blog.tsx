import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ContentList } from "~/components/admin/ContentList";
import { Field, SelectField } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { formatDateTime } from "~/lib/format";
import { createPost, staffPosts } from "~/models/content/blog-edit.server";
import { NewPostSchema } from "~/models/content/content-edit-schema";
import { allSites } from "~/models/sites/sites.server";
import { staffFor } from "~/web/admin/guard.server";
import { refused } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";
import { adminMeta } from "~/web/admin/page-title";

// /admin/content/blog: the blog's posts, newest first, each with its site
// and its title and state in each language; a new post is its slug and, for
// a site's own post, the site.

export const meta = adminMeta("admin.content.blog");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "content.manage");
  const [posts, sites] = await Promise.all([staffPosts(), allSites()]);
  return { posts, sites: sites.map((site) => site.code) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "content.manage");
  const { submission, value, failure } = parseForm(await request.formData(), NewPostSchema);
  if (failure) return failure;
  const created = await createPost(actor, value.slug, value.site || null);
  if (created.ok) return redirect(`/admin/content/blog/${created.id}?created`, 303);
  return refused(submission, staff.locale, created.error === "slug_taken" ? "content.slugTaken" : "content.noSuchSite", undefined, 409);
}

export default function ContentBlog() {
  const { posts, sites } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation();
  const create = useSchemaForm(NewPostSchema, { id: "new-post", lastResult: reply, defaultValue: { site: "" } });
  const { fields } = create;
  return (
    <ContentList
      title={t("admin.content.blog")}
      empty={t("admin.content.noPosts")}
      rows={posts}
      first={[
        {
          header: t("admin.content.slug"),
          cell: (post) => (
            <Link to={`/admin/content/blog/${post.id}`} className="link">
              /blog/{post.slug}
            </Link>
          ),
        },
        { header: t("admin.content.site"), cell: (post) => post.site ?? t("admin.content.everySite") },
      ]}
      last={[{ header: t("admin.content.dated"), cell: (post) => formatDateTime(post.published_at) }]}
      nameOf={(text) => text.title}
      newTitle={t("admin.content.newPost")}
      create={create}
    >
      <Field field={fields.slug} label={t("admin.content.slug")} hint={t("admin.content.postSlugHint")} />
      <SelectField field={fields.site} label={t("admin.content.site")} options={[{ value: "", label: t("admin.content.everySite") }, ...sites.map((code) => ({ value: code, label: code }))]} />
    </ContentList>
  );
}
