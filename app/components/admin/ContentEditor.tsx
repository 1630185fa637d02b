import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ComponentProps, ReactNode } from "react";
import { FormMessage, SelectField } from "~/components/forms/Field";
import { useTranslation } from "~/hooks/use-translation";
import { LOCALES, type Locale } from "~/lib/i18n";
import { CONTENT_STATUSES } from "~/models/content/content-edit-schema";
import type { TextPreview } from "~/models/content/text-preview";
import { TrailSection, type AuditRow } from "./AuditTrail";
import { ContentNav, ContentPreview, LanguageTabs, PreviewAndSave } from "./ContentFields";
import { RecordHeading } from "./RecordHeading";

// A record's text in one language, as the edit pages of a content page, an
// FAQ entry and a blog post all lay it out: the way back to the list, the
// language tabs, what was just done, the link to the published text, the
// form (the kind's own fields, then published-or-draft and the buttons),
// the preview and the record's trail. The route passes its own fields.

/** What a text's edit page loaded: the language edited, the record's text in each language it has one in, whether a save or the record's creation led here, and the record's trail. */
type Loaded = { locale: Locale; texts: Partial<Record<Locale, { published: boolean }>>; saved: boolean; created: boolean; trail: AuditRow[] };

export function ContentEditor<Output extends Record<string, unknown>>({
  list,
  heading,
  createdMessage,
  address,
  loaded: { locale, texts, saved, created, trail },
  edit: { form, fields, busy, version, preview },
  children,
}: {
  /** The list the record is in, the way back: its address and its name. */
  list: { to: string; label: string };
  heading: ReactNode;
  /** What the page says when it follows the record's creation. */
  createdMessage: string;
  /** Where the shop shows the text, linked once it is published. */
  address: string;
  loaded: Loaded;
  /** The form (useTextForm's), whose status field this lays out after the kind's own fields. */
  edit: { form: FormMetadata<Output, string[]>; fields: { status: ComponentProps<typeof SelectField>["field"] }; busy: boolean; version: string; preview: TextPreview | null };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const published = texts[locale]?.published;
  return (
    <div className="flex flex-col gap-6">
      <RecordHeading back={list} title={heading} className="flex flex-col gap-2">
        <ContentNav />
      </RecordHeading>
      <LanguageTabs current={locale} status={Object.fromEntries(LOCALES.filter((l) => texts[l]).map((l) => [l, texts[l]!.published]))} href={(l) => `?lang=${l}`} />
      <FormMessage errors={form.errors} success={saved && !form.errors ? t(published ? "admin.content.savedPublished" : "admin.content.savedDraft", { language: t(`admin.content.languages.${locale}`) }) : created ? createdMessage : undefined} />
      {published ? (
        <p className="text-sm">
          <a href={address} className="link" target="_blank" rel="noreferrer">
            {t("admin.content.viewOnShop", { address })}
          </a>
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="flex max-w-3xl flex-col gap-4 rounded-lg bg-surface p-4 shadow-sm">
        <input type="hidden" name="version" value={version} />
        <input type="hidden" name="locale" value={locale} />
        {children}
        <SelectField field={fields.status} label={t("admin.content.status")} options={CONTENT_STATUSES.map((value) => ({ value, label: t(`admin.content.${value}`) }))} />
        <PreviewAndSave busy={busy} />
      </Form>
      {preview ? <ContentPreview preview={preview} /> : null}
      <TrailSection entries={trail} />
    </div>
  );
}
