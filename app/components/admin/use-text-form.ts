import type { DefaultValue, SubmissionResult } from "@conform-to/react";
import type { BaseIssue, BaseSchema } from "valibot";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import type { Locale } from "~/lib/i18n";
import type { TextPreview } from "~/models/content/text-preview";

/**
 * A record's text form on its edit page (ContentEditor). It is a new form
 * per language and version (the record's updated_at): after a save, or in
 * another language, it starts from what is stored. `version` goes back
 * with it, so that a save made on an older one is refused; `preview` is
 * the server's answer to "Preview", if that was the last one.
 */
export function useTextForm<Output extends Record<string, unknown>>(
  schema: BaseSchema<unknown, Output, BaseIssue<unknown>>,
  reply: (SubmissionResult<string[]> & { preview?: TextPreview }) | undefined,
  { kind, locale, updatedAt, defaultValue }: { kind: string; locale: Locale; updatedAt: string | Date; defaultValue: DefaultValue<Output> },
) {
  const version = new Date(updatedAt).toISOString();
  const form = useSchemaForm(schema, { id: `${kind}-${locale}-${version}`, lastResult: reply, defaultValue });
  return { ...form, version, preview: reply?.preview ?? null };
}

/** Where every text's form starts, as stored in the language edited (nothing yet: a draft): its title for search engines, and whether it is published. */
export function storedTextDefaults(text: { seo_title: string | null; published: boolean } | undefined) {
  return { seoTitle: text?.seo_title ?? "", status: text?.published ? ("published" as const) : ("draft" as const) };
}
