import { getFormProps, getInputProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ContentNav } from "~/components/admin/ContentFields";
import { useReplyFor } from "~/components/forms/reply-for";
import { DataTable } from "~/components/admin/DataTable";
import { FieldError, FormMessage } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { LOCALES, type Locale } from "~/lib/i18n";
import { CONTENT_LIMITS, StripSchema } from "~/models/content/content-edit-schema";
import { saveStrip, staffStrips } from "~/models/content/content-edit.server";
import { i18nServer } from "~/platform/i18n.server";
import { staffFor } from "~/web/admin/guard.server";
import { refused, staleRefusal } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";
import { adminMeta } from "~/web/admin/page-title";

// /admin/content/strip: the notification strip over every page of the shop,
// per site and language. A site that wrote nothing shows the shop's own
// text (filled in here to start from); an empty text shows no strip. A save
// reaches every app server within a second (the shell's version, 0048).

export const meta = adminMeta("admin.content.strip");

const formId = (site: string, locale: string) => `strip-${site}-${locale}`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "content.manage");
  const [strips, ...shopTexts] = await Promise.all([staffStrips(), ...LOCALES.map((locale) => i18nServer.getFixedT(locale).then((t) => t("shell.notification")))]);
  const url = new URL(request.url);
  return {
    strips,
    shopText: Object.fromEntries(LOCALES.map((locale, index) => [locale, shopTexts[index]!])) as Record<Locale, string>,
    saved: url.searchParams.get("saved"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "content.manage");
  const formData = await request.formData();
  const form = formId(String(formData.get("site") ?? ""), String(formData.get("locale") ?? ""));
  const { submission, value, failure } = parseForm(formData, StripSchema, { form });
  if (failure) return failure;
  const saved = await saveStrip(actor, value.site, value.locale, value.text ?? "", value.version ? new Date(value.version) : null);
  if (saved.ok) return redirect(`/admin/content/strip?saved=${encodeURIComponent(form)}#${form}`, 303);
  if (saved.error === "stale") return staleRefusal(submission, staff.locale, saved, form);
  return refused(submission, staff.locale, "content.noSuchSite", undefined, 409, form);
}

type StripRow = Awaited<ReturnType<typeof loader>>["strips"][number];

export default function ContentStrip() {
  const { strips, shopText, saved } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t("admin.content.strip")}</h1>
      <ContentNav />
      <p className="max-w-3xl text-ink-muted">{t("admin.content.stripIntro")}</p>
      <DataTable
        caption={t("admin.content.strip")}
        rows={strips}
        rowKey={(row) => formId(row.site, row.locale)}
        empty="—"
        columns={[
          { header: t("admin.content.site"), cell: (row) => `${row.site_name} (${row.site})` },
          { header: t("admin.content.language"), cell: (row) => <span id={formId(row.site, row.locale)}>{t(`admin.content.languages.${row.locale}`)}</span> },
          { header: t("admin.content.stripText"), cell: (row) => <StripForm row={row} shopText={shopText[row.locale]} saved={saved === formId(row.site, row.locale)} /> },
        ]}
      />
    </div>
  );
}

/** One site's strip in one language: its own form, so a refusal comes back beside the row it refuses. */
function StripForm({ row, shopText, saved }: { row: StripRow; shopText: string; saved: boolean }) {
  const { t } = useTranslation();
  const id = formId(row.site, row.locale);
  const version = row.updated_at ? new Date(row.updated_at).toISOString() : "";
  const { form, fields, busy } = useSchemaForm(StripSchema, {
    id: `${id}-${version}`,
    lastResult: useReplyFor<typeof action>(id),
    defaultValue: { text: row.text ?? shopText },
  });
  const input = getInputProps(fields.text, { type: "text" });
  return (
    <Form method="post" {...getFormProps(form)} className="flex min-w-72 flex-col gap-2">
      <input type="hidden" name="intent" value="strip" />
      <input type="hidden" name="site" value={row.site} />
      <input type="hidden" name="locale" value={row.locale} />
      <input type="hidden" name="version" value={version} />
      <label htmlFor={fields.text.id} className="sr-only">
        {t("admin.content.stripOf", { site: row.site_name, language: t(`admin.content.languages.${row.locale}`) })}
      </label>
      <div className="flex flex-wrap gap-2">
        <input {...input} key={input.key} maxLength={CONTENT_LIMITS.strip} className="field-input min-w-0 flex-1" />
        <button type="submit" className="button-secondary" disabled={busy}>
          {t("admin.content.save")}
        </button>
      </div>
      <FieldError field={fields.text} />
      <p className="text-xs text-ink-muted">{row.text === null ? t("admin.content.stripShopText") : row.text === "" ? t("admin.content.stripNone") : t("admin.content.stripOwn")}</p>
      <FormMessage errors={form.errors} success={saved && !form.errors ? t("admin.content.stripSaved") : undefined} />
    </Form>
  );
}
