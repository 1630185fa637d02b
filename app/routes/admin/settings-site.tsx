import { getCollectionProps, getFormProps, type FieldMetadata } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/AuditTrail";
import { DataTable } from "~/components/admin/DataTable";
import { RateInput } from "~/components/admin/RateFields";
import { RecordHeading } from "~/components/admin/RecordHeading";
import { CheckboxField, Field, FieldError, FormMessage } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import type { Locale } from "~/lib/i18n";
import { auditTrail } from "~/models/audit/audit.server";
import { SITE_FEATURES, SiteSettingsSchema, siteSettingsInput } from "~/models/settings/site-settings-schema";
import { saveSiteSettings, staffSiteSettings } from "~/models/settings/site-settings.server";
import { staffFor } from "~/web/admin/guard.server";
import { refused, staleRefusal } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";
import { routeCheckFailed } from "~/web/not-found";
import { adminTitle } from "~/web/admin/page-title";

// /admin/settings/sites/:code (catalogue and owners): a site's name, the
// parts of the shop it offers, the currencies shoppers may pick and the ids
// of its consent-first tags. Every server shows a saved site on its next
// page (the shell's version moves with the sites' tables).

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => adminTitle(matches, data?.site.name);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "settings.manage");
  const site = await staffSiteSettings(params.code ?? "");
  if (!site) throw routeCheckFailed(request);
  return { site, trail: await auditTrail("sites", site.code), saved: new URL(request.url).searchParams.has("saved") };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "settings.manage");
  const { submission, value, failure } = parseForm(await request.formData(), SiteSettingsSchema);
  if (failure) return failure;
  const code = params.code ?? "";
  const saved = await saveSiteSettings(actor, code, siteSettingsInput(value), new Date(value.version));
  if (saved.ok) return redirect(`/admin/settings/sites/${code}?saved`, 303);
  if (saved.error === "not_found") throw routeCheckFailed(request);
  if (saved.error === "stale") return staleRefusal(submission, staff.locale, saved);
  if (saved.error === "conversion_currency") return refused(submission, staff.locale, "settings.conversionCurrency", { currency: saved.currency });
  return refused(submission, staff.locale, "settings.unknownCurrency", { currency: saved.currency }, 400);
}

export default function SiteSettings() {
  const { site, trail, saved } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation();
  const version = new Date(site.updatedAt).toISOString();
  const tags = Object.fromEntries(site.languages.flatMap((language) => [[`gtm_${language.isoCode}`, language.gtmId ?? ""], [`pixel_${language.isoCode}`, language.pixelId ?? ""], [`agent_${language.isoCode}`, language.liveAgentId ?? ""]]));
  const { form, fields, busy } = useSchemaForm(SiteSettingsSchema, {
    id: `site-${site.code}-${version}`,
    lastResult: reply,
    defaultValue: {
      name: site.name,
      ...Object.fromEntries(SITE_FEATURES.filter((feature) => site.features[feature]).map((feature) => [feature, "on"])),
      currencies: site.currencies.filter((currency) => currency.chosen).map((currency) => currency.isoCode),
      criteo: site.criteoKey ?? "",
      klaviyo: site.klaviyoKey ?? "",
      ...tags,
    } as never,
  });
  const tagField = (kind: "gtm" | "pixel" | "agent", locale: string) => fields[`${kind}_${locale as Locale}`] as FieldMetadata<string | undefined>;
  return (
    <div className="flex flex-col gap-6">
      <RecordHeading back={{ to: "/admin/settings", label: t("admin.settings.title") }} title={t("admin.settings.siteTitle", { site: site.name })} facts={site.code}>
        <p className="mt-2 max-w-3xl text-ink-muted">{t("admin.settings.siteIntro")}</p>
      </RecordHeading>
      <Form method="post" {...getFormProps(form)} aria-label={site.name} className="flex max-w-4xl flex-col gap-5 rounded-lg bg-surface p-4 shadow-sm">
        <input type="hidden" name="intent" value="site" />
        <input type="hidden" name="version" value={version} />
        <Field field={fields.name} label={t("admin.settings.siteName")} autoComplete="off" />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium">{t("admin.settings.features")}</legend>
          {SITE_FEATURES.map((feature) => (
            <CheckboxField key={feature} field={fields[feature] as FieldMetadata<boolean | undefined>} label={t(`admin.settings.feature_${feature}`)} />
          ))}
        </fieldset>
        <fieldset className="flex flex-col gap-2" aria-describedby={fields.currencies.errors?.length ? fields.currencies.errorId : undefined}>
          <legend className="mb-1 font-medium">{t("admin.settings.currencies")}</legend>
          <p className="text-sm text-ink-muted">{t("admin.settings.currenciesHint", { currency: site.conversionCurrency ?? "—" })}</p>
          <div className="flex flex-wrap gap-4">
            {getCollectionProps(fields.currencies, { type: "checkbox", options: site.currencies.map((currency) => currency.isoCode) }).map((props) => (
              <label key={props.key} htmlFor={props.id} className="flex items-center gap-2">
                <input {...props} key={props.key} className="size-4 accent-[var(--sf-brand)]" />
                {props.value} ({site.currencies.find((currency) => currency.isoCode === props.value)?.symbol})
              </label>
            ))}
          </div>
          <FieldError field={fields.currencies} />
        </fieldset>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 font-medium">{t("admin.settings.tags")}</legend>
          <p className="text-sm text-ink-muted">{t("admin.settings.tagsHint")}</p>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field field={fields.criteo} label={t("admin.settings.criteo")} autoComplete="off" spellCheck={false} />
            <Field field={fields.klaviyo} label={t("admin.settings.klaviyo")} autoComplete="off" spellCheck={false} />
          </div>
          <DataTable
            caption={t("admin.settings.tagsByLanguage")}
            rows={site.languages}
            rowKey={(language) => language.isoCode}
            empty="—"
            columns={[
              { header: t("admin.settings.language"), cell: (language) => language.title },
              ...(["gtm", "pixel", "agent"] as const).map((kind) => ({
                header: t(`admin.settings.tag_${kind}`),
                cell: (language: (typeof site.languages)[number]) => <RateInput text field={tagField(kind, language.isoCode)} label={t(`admin.settings.tagOf_${kind}`, { language: language.title })} />,
              })),
            ]}
          />
        </fieldset>
        <FormMessage errors={form.errors} success={saved && !form.errors ? t("admin.settings.siteSaved", { site: site.name }) : undefined} />
        <button type="submit" className="button-primary self-start" disabled={busy}>
          {t("admin.settings.saveSite", { site: site.name })}
        </button>
      </Form>
      <AuditTrail entries={trail} />
    </div>
  );
}
