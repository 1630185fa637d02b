import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ContentEditor } from "~/components/admin/ContentEditor";
import { SeoFields } from "~/components/admin/ContentFields";
import { storedTextDefaults, useTextForm } from "~/components/admin/use-text-form";
import { Field } from "~/components/forms/Field";
import { TextAreaField } from "~/components/forms/TextAreaField";
import { useTranslation } from "~/hooks/use-translation";
import { PageTextSchema } from "~/models/content/content-edit-schema";
import { savePageText, staffPage } from "~/models/content/content-edit.server";
import { textPreview } from "~/models/content/text-preview";
import { staffFor } from "~/web/admin/guard.server";
import { recordIdOf } from "~/web/admin/record-id";
import { previewReply, savedTextReply, textEditorState } from "~/web/admin/text-editor.server";
import { parseForm } from "~/web/form-reply.server";
import { recordOf } from "~/web/admin/record-page";
import { adminTitle } from "~/web/admin/page-title";

// /admin/content/pages/:id?lang=lv: a content page's text in one language —
// title, SEO title and description, its own address there, the body in the
// shop's Markdown, published or a draft. "Preview" draws it on the server as
// the shop will (through the same sanitiser), so it works without
// JavaScript; "Save" writes it, and the shop shows it on the next request.

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => adminTitle(matches, data && `/${data.page.slug}`);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "content.manage");
  const found = await recordOf(request, params.id, staffPage);
  return { ...found, ...textEditorState(request) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "content.manage");
  const pageId = recordIdOf(request, params.id);
  const { submission, value, failure } = parseForm(await request.formData(), PageTextSchema);
  if (failure) return failure;
  if (value.intent === "preview") return previewReply(submission, textPreview({ ...value, seoDescription: value.description }));
  const saved = await savePageText(actor, pageId, value.locale, value, new Date(value.version));
  return savedTextReply(request, submission, staff.locale, saved, `/admin/content/pages/${pageId}`, value.locale, (error) => (error === "slug_taken" ? "content.addressTaken" : "content.noSuchSite"));
}

export default function ContentPage() {
  const loaded = useLoaderData<typeof loader>();
  const { page, texts, locale } = loaded;
  const { t } = useTranslation();
  const text = texts[locale];
  const edit = useTextForm(PageTextSchema, useActionData<typeof action>(), {
    kind: "page",
    locale,
    updatedAt: page.updated_at,
    defaultValue: { ...storedTextDefaults(text), title: text?.title ?? "", description: text?.description ?? "", slug: text?.slug ?? "", body: text?.body ?? "" },
  });
  const { fields } = edit;
  return (
    <ContentEditor
      list={{ to: "/admin/content/pages", label: t("admin.content.pages") }}
      heading={`/${page.slug} · ${page.site ?? t("admin.content.everySite")}`}
      createdMessage={t("admin.content.pageCreated")}
      address={`/${locale}/${text?.slug ?? page.slug}`}
      loaded={loaded}
      edit={edit}
    >
      <Field field={fields.title} label={t("admin.content.pageTitle")} />
      <TextAreaField field={fields.body} label={t("admin.content.body")} hint={t("admin.content.markdownHint")} rows={14} mono />
      <SeoFields title={fields.seoTitle} description={fields.description} />
      <Field field={fields.slug} label={t("admin.content.ownAddress")} hint={t("admin.content.ownAddressHint", { slug: page.slug })} />
    </ContentEditor>
  );
}
