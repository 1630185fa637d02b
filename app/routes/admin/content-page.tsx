import { getFormProps } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/AuditTrail";
import { ContentNav, ContentPreview, LanguageTabs, PreviewAndSave, TextAreaField } from "~/components/admin/ContentFields";
import { Field, FormMessage, SelectField } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { isLocale, LOCALES, type Locale } from "~/lib/i18n";
import { sanitiseBody, sanitiseLine, summary } from "~/models/content/body";
import { CONTENT_STATUSES, PageTextSchema } from "~/models/content/content-edit-schema";
import { savePageText, staffPage } from "~/models/content/content-edit.server";
import { staffFor } from "~/web/admin/guard.server";
import { recordIdOf } from "~/web/admin/record-id";
import { refused, staleRefusal } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";
import { routeCheckFailed } from "~/web/not-found";

// /admin/content/pages/:id?lang=lv: a content page's text in one language —
// title, SEO title and description, its own address there, the body in the
// shop's Markdown, published or a draft. "Preview" draws it on the server as
// the shop will (through the same sanitiser), so it works without
// JavaScript; "Save" writes it, and the shop shows it on the next request.

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `/${data.page.slug} · Back office` : "Back office" }];

function languageOf(request: Request): Locale {
  const lang = new URL(request.url).searchParams.get("lang");
  return isLocale(lang) ? lang : "en";
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "content.manage");
  const found = await staffPage(recordIdOf(request, params.id));
  if (!found) throw routeCheckFailed(request);
  const url = new URL(request.url);
  return { ...found, locale: languageOf(request), saved: url.searchParams.has("saved"), created: url.searchParams.has("created") };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "content.manage");
  const pageId = recordIdOf(request, params.id);
  const { submission, value, failure } = parseForm(await request.formData(), PageTextSchema);
  if (failure) return failure;
  if (value.intent === "preview") {
    const title = sanitiseLine(value.title);
    const body = sanitiseBody(value.body);
    return data({ ...submission.reply(), preview: { title, body, seoTitle: sanitiseLine(value.seoTitle ?? "") || title, seoDescription: sanitiseLine(value.description ?? "") || summary(body) } });
  }
  const saved = await savePageText(actor, pageId, value.locale, value, new Date(value.version));
  if (saved.ok) return redirect(`/admin/content/pages/${pageId}?lang=${value.locale}&saved`, 303);
  if (saved.error === "not_found") throw routeCheckFailed(request);
  if (saved.error === "stale") return staleRefusal(submission, staff.locale, saved);
  return refused(submission, staff.locale, saved.error === "slug_taken" ? "content.addressTaken" : "content.noSuchSite");
}

export default function ContentPage() {
  const { page, texts, trail, locale, saved, created } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation();
  const text = texts[locale];
  const version = new Date(page.updated_at).toISOString();
  const { form, fields, busy } = useSchemaForm(PageTextSchema, {
    // A form per language and version: after a save, or in another language, it starts from what is stored.
    id: `page-${locale}-${version}`,
    lastResult: reply,
    defaultValue: {
      title: text?.title ?? "",
      seoTitle: text?.seo_title ?? "",
      description: text?.description ?? "",
      slug: text?.slug ?? "",
      body: text?.body ?? "",
      status: text ? (text.published ? "published" : "draft") : "draft",
    },
  });
  const preview = reply && "preview" in reply ? reply.preview : null;
  const address = `/${locale}/${text?.slug ?? page.slug}`;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <p className="text-sm">
          <Link to="/admin/content/pages" className="link">
            {t("admin.content.pages")}
          </Link>
        </p>
        <h1 className="text-2xl font-bold">
          /{page.slug} · {page.site ?? t("admin.content.everySite")}
        </h1>
        <ContentNav />
      </div>
      <LanguageTabs current={locale} status={Object.fromEntries(LOCALES.filter((l) => texts[l]).map((l) => [l, texts[l]!.published]))} href={(l) => `?lang=${l}`} />
      <FormMessage
        errors={form.errors}
        success={saved && !form.errors ? t(text?.published ? "admin.content.savedPublished" : "admin.content.savedDraft", { language: t(`admin.content.languages.${locale}`) }) : created ? t("admin.content.pageCreated") : undefined}
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
        <TextAreaField field={fields.body} label={t("admin.content.body")} hint={t("admin.content.markdownHint")} rows={14} />
        <Field field={fields.seoTitle} label={t("admin.content.seoTitle")} hint={t("admin.content.seoTitleHint")} />
        <Field field={fields.description} label={t("admin.content.seoDescription")} hint={t("admin.content.seoDescriptionHint")} />
        <Field field={fields.slug} label={t("admin.content.ownAddress")} hint={t("admin.content.ownAddressHint", { slug: page.slug })} />
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
