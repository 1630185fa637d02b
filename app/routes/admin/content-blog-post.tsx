import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ContentEditor } from "~/components/admin/ContentEditor";
import { SeoFields } from "~/components/admin/ContentFields";
import { storedTextDefaults, useTextForm } from "~/components/admin/use-text-form";
import { Field } from "~/components/forms/Field";
import { TextAreaField } from "~/components/forms/TextAreaField";
import { useTranslation } from "~/hooks/use-translation";
import { savePostText, staffPost } from "~/models/content/blog-edit.server";
import { sanitiseLine, summary } from "~/models/content/body";
import { BlogTextSchema } from "~/models/content/content-edit-schema";
import { textPreview } from "~/models/content/text-preview";
import { staffFor } from "~/web/admin/guard.server";
import { recordIdOf } from "~/web/admin/record-id";
import { previewReply, savedTextReply, textEditorState } from "~/web/admin/text-editor.server";
import { parseForm } from "~/web/form-reply.server";
import { recordOf } from "~/web/admin/record-page";
import { adminTitle } from "~/web/admin/page-title";

// /admin/content/blog/:id?lang=lv: a blog post's text in one language —
// title, lead, the text in the shop's Markdown, SEO title and description,
// published or a draft. "Preview" draws it on the server as /blog will
// (through the same sanitiser), so it works without JavaScript; "Save"
// writes it, and the blog, the home page's teasers and the sitemap show it
// on the next request.

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => adminTitle(matches, data && `/blog/${data.post.slug}`);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "content.manage");
  const found = await recordOf(request, params.id, staffPost);
  return { ...found, ...textEditorState(request) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "content.manage");
  const postId = recordIdOf(request, params.id);
  const { submission, value, failure } = parseForm(await request.formData(), BlogTextSchema);
  if (failure) return failure;
  // Without a description of its own, a post is described by its lead (its own, or the start of the text), as on /blog.
  if (value.intent === "preview") return previewReply(submission, textPreview(value, (body) => sanitiseLine(value.excerpt ?? "") || summary(body, 300)));
  const saved = await savePostText(actor, postId, value.locale, value, new Date(value.version));
  return savedTextReply(request, submission, staff.locale, saved, `/admin/content/blog/${postId}`, value.locale, () => "content.slugTaken");
}

export default function ContentBlogPost() {
  const loaded = useLoaderData<typeof loader>();
  const { post, texts, locale } = loaded;
  const { t } = useTranslation();
  const text = texts[locale];
  const edit = useTextForm(BlogTextSchema, useActionData<typeof action>(), {
    kind: "post",
    locale,
    updatedAt: post.updated_at,
    defaultValue: { ...storedTextDefaults(text), title: text?.title ?? "", excerpt: text?.excerpt ?? "", body: text?.body ?? "", seoDescription: text?.seo_description ?? "" },
  });
  const { fields } = edit;
  return (
    <ContentEditor
      list={{ to: "/admin/content/blog", label: t("admin.content.blog") }}
      heading={`/blog/${post.slug} · ${post.site ?? t("admin.content.everySite")}`}
      createdMessage={t("admin.content.postCreated")}
      address={`/${locale}/blog/${post.slug}`}
      loaded={loaded}
      edit={edit}
    >
      <Field field={fields.title} label={t("admin.content.pageTitle")} />
      <TextAreaField field={fields.excerpt} label={t("admin.content.lead")} hint={t("admin.content.leadHint")} rows={3} mono />
      <TextAreaField field={fields.body} label={t("admin.content.body")} hint={t("admin.content.markdownHint")} rows={16} mono />
      <SeoFields title={fields.seoTitle} description={fields.seoDescription} />
    </ContentEditor>
  );
}
