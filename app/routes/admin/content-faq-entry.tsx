import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ContentEditor } from "~/components/admin/ContentEditor";
import { SeoFields } from "~/components/admin/ContentFields";
import { storedTextDefaults, useTextForm } from "~/components/admin/use-text-form";
import { Field, SelectField } from "~/components/forms/Field";
import { TextAreaField } from "~/components/forms/TextAreaField";
import { useTranslation } from "~/hooks/use-translation";
import { FAQ_FORM_CATEGORIES, FaqTextSchema } from "~/models/content/content-edit-schema";
import { saveFaqText, staffFaqEntry } from "~/models/content/content-edit.server";
import { faqCategory } from "~/models/content/faq";
import { textPreview } from "~/models/content/text-preview";
import { staffFor } from "~/web/admin/guard.server";
import { recordIdOf } from "~/web/admin/record-id";
import { previewReply, savedTextReply, textEditorState } from "~/web/admin/text-editor.server";
import { parseForm } from "~/web/form-reply.server";
import { recordOf } from "~/web/admin/record-page";
import { adminTitle } from "~/web/admin/page-title";

// /admin/content/faq/:id?lang=lv: an FAQ entry's question and answer in one
// language (the answer in the shop's Markdown), its SEO title and
// description, published or a draft, and the entry's category. "Preview"
// draws it on the server as /faq will; "Save" writes it, and /faq and
// /faq/{slug} with their FAQPage data show it on the next request.

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => adminTitle(matches, data?.entry.slug);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "content.manage");
  const found = await recordOf(request, params.id, staffFaqEntry);
  return { ...found, ...textEditorState(request) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "content.manage");
  const faqId = recordIdOf(request, params.id);
  const { submission, value, failure } = parseForm(await request.formData(), FaqTextSchema);
  if (failure) return failure;
  if (value.intent === "preview") return previewReply(submission, textPreview({ ...value, title: value.question, body: value.answer }));
  const saved = await saveFaqText(actor, faqId, value.locale, value, new Date(value.version));
  return savedTextReply(request, submission, staff.locale, saved, `/admin/content/faq/${faqId}`, value.locale, () => "content.slugTaken");
}

export default function ContentFaqEntry() {
  const loaded = useLoaderData<typeof loader>();
  const { entry, texts, locale } = loaded;
  const { t } = useTranslation();
  const text = texts[locale];
  const edit = useTextForm(FaqTextSchema, useActionData<typeof action>(), {
    kind: "faq",
    locale,
    updatedAt: entry.updated_at,
    defaultValue: { ...storedTextDefaults(text), category: faqCategory(entry.category), question: text?.question ?? "", answer: text?.answer ?? "", seoDescription: text?.seo_description ?? "" },
  });
  const { fields } = edit;
  return (
    <ContentEditor
      list={{ to: "/admin/content/faq", label: t("admin.content.faq") }}
      heading={`${entry.slug} · ${t(`admin.content.categories.${faqCategory(entry.category)}`)}`}
      createdMessage={t("admin.content.entryCreated")}
      address={`/${locale}/faq/${entry.slug}`}
      loaded={loaded}
      edit={edit}
    >
      <Field field={fields.question} label={t("admin.content.question")} />
      <TextAreaField field={fields.answer} label={t("admin.content.answer")} hint={t("admin.content.markdownHint")} rows={10} mono />
      <SeoFields title={fields.seoTitle} description={fields.seoDescription} />
      <SelectField field={fields.category} label={t("admin.content.category")} options={FAQ_FORM_CATEGORIES.map((category) => ({ value: category, label: t(`admin.content.categories.${category}`) }))} />
    </ContentEditor>
  );
}
