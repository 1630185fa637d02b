import { getFormProps } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/AuditTrail";
import { ContentNav, ContentPreview, LanguageTabs, PreviewAndSave, TextAreaField } from "~/components/admin/ContentFields";
import { Field, FormMessage, SelectField } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { isLocale, LOCALES, type Locale } from "~/lib/i18n";
import { savePostText, staffPost } from "~/models/content/blog-edit.server";
import { sanitiseBody, sanitiseLine, summary } from "~/models/content/body";
import { BlogTextSchema, CONTENT_STATUSES } from "~/models/content/content-edit-schema";
import { staffFor } from "~/web/admin/guard.server";
import { recordIdOf } from "~/web/admin/record-id";
import { refused, staleRefusal } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";
import { routeCheckFailed } from "~/web/not-found";

// /admin/content/blog/:id?lang=lv: a blog post's text in one language —
// title, lead, the text in the shop's Markdown, SEO title and description,
// published or a draft. "Preview" draws it on the server as /blog will
// (through the same sanitiser), so it works without JavaScript; "Save"
// writes it, and the blog, the home page's teasers and the sitemap show it
// on the next request.

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `/blog/${data.post.slug} · Back office` : "Back office" }];

function languageOf(request: Request): Locale {
  const lang = new URL(request.url).searchParams.get("lang");
  return isLocale(lang) ? lang : "en";
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "content.manage");
  const found = await staffPost(recordIdOf(request, params.id));
  if (!found) throw routeCheckFailed(request);
  const url = new URL(request.url);
  return { ...found, locale: languageOf(request), saved: url.searchParams.has("saved"), created: url.searchParams.has("created") };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "content.manage");
  const postId = recordIdOf(request, params.id);
  const { submission, value, failure } = parseForm(await request.formData(), BlogTextSchema);
  if (failure) return failure;
  if (value.intent === "preview") {
    const title = sanitiseLine(value.title);
    const body = sanitiseBody(value.body);
    const lead = sanitiseLine(value.excerpt ?? "") || summary(body, 300);
    return data({ ...submission.reply(), preview: { title, body, seoTitle: sanitiseLine(value.seoTitle ?? "") || title, seoDescription: sanitiseLine(value.seoDescription ?? "") || lead } });
  }
  const saved = await savePostText(actor, postId, value.locale, value, new Date(value.version));
  if (saved.ok) return redirect(`/admin/content/blog/${postId}?lang=${value.locale}&saved`, 303);
  if (saved.error === "not_found") throw routeCheckFailed(request);
  if (saved.error === "stale") return staleRefusal(submission, staff.locale, saved);
  return refused(submission, staff.locale, "content.slugTaken");
}

export default function ContentBlogPost() {
  const { post, texts, trail, locale, saved, created } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation();
  const text = texts[locale];
  const version = new Date(post.updated_at).toISOString();
  const { form, fields, busy } = useSchemaForm(BlogTextSchema, {
    id: `post-${locale}-${version}`,
    lastResult: reply,
    defaultValue: {
      title: text?.title ?? "",
      excerpt: text?.excerpt ?? "",
      body: text?.body ?? "",
      seoTitle: text?.seo_title ?? "",
      seoDescription: text?.seo_description ?? "",
      status: text ? (text.published ? "published" : "draft") : "draft",
    },
  });
  const preview = reply && "preview" in reply ? reply.preview : null;
  const address = `/${locale}/blog/${post.slug}`;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <p className="text-sm">
          <Link to="/admin/content/blog" className="link">
            {t("admin.content.blog")}
          </Link>
        </p>
        <h1 className="text-2xl font-bold">
          /blog/{post.slug} · {post.site ?? t("admin.content.everySite")}
        </h1>
        <ContentNav />
      </div>
      <LanguageTabs current={locale} status={Object.fromEntries(LOCALES.filter((l) => texts[l]).map((l) => [l, texts[l]!.published]))} href={(l) => `?lang=${l}`} />
      <FormMessage
        errors={form.errors}
        success={saved && !form.errors ? t(text?.published ? "admin.content.savedPublished" : "admin.content.savedDraft", { language: t(`admin.content.languages.${locale}`) }) : created ? t("admin.content.postCreated") : undefined}
      />
      {text?.published ? (
        <p className="text-sm">
          <a href={address} className="link" target="_blank" rel="noreferrer">
            {t("admin.content.viewOnShop", { address })}
          </a>
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="flex max-w-3xl flex-col gap-4 rounded-lg bg-surface p-4 shadow-sm">
        <input type="hidden" name="version" value={version} />
        <input type="hidden" name="locale" value={locale} />
        <Field field={fields.title} label={t("admin.content.pageTitle")} />
        <TextAreaField field={fields.excerpt} label={t("admin.content.lead")} hint={t("admin.content.leadHint")} rows={3} />
        <TextAreaField field={fields.body} label={t("admin.content.body")} hint={t("admin.content.markdownHint")} rows={16} />
        <Field field={fields.seoTitle} label={t("admin.content.seoTitle")} hint={t("admin.content.seoTitleHint")} />
        <Field field={fields.seoDescription} label={t("admin.content.seoDescription")} hint={t("admin.content.seoDescriptionHint")} />
        <SelectField field={fields.status} label={t("admin.content.status")} options={CONTENT_STATUSES.map((status) => ({ value: status, label: t(`admin.content.${status}`) }))} />
        <PreviewAndSave busy={busy} />
      </Form>
      {preview ? <ContentPreview preview={preview} /> : null}
      <section className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">{t("admin.audit.trail")}</h2>
        <AuditTrail entries={trail} />
      </section>
    </div>
  );
}
