import { getFormProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/AuditTrail";
import { RecordHeading } from "~/components/admin/RecordHeading";
import { TypedField } from "~/components/admin/TypedField";
import { FormMessage } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { toDecimalString } from "~/lib/money";
import { auditTrail } from "~/models/audit/audit.server";
import { saveImportTax, staffImportTaxes } from "~/models/settings/import-taxes.server";
import { ImportTaxSchema } from "~/models/settings/rates-schema";
import { staffFor } from "~/web/admin/guard.server";
import { staleRefusal } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";
import { routeCheckFailed } from "~/web/not-found";
import { adminTitle } from "~/web/admin/page-title";

// /admin/settings/taxes/:country (catalogue and owners): a destination's
// import VAT and duty and the value up to which goods pay no duty, as the
// calculator's landed cost reads them on its next calculation.

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => adminTitle(matches, data?.tax.name);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "settings.manage");
  const [tax] = await staffImportTaxes(params.country ?? "");
  if (!tax) throw routeCheckFailed(request);
  return { tax, trail: await auditTrail("import_taxes", tax.country), saved: new URL(request.url).searchParams.has("saved") };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "settings.manage");
  const { submission, value, failure } = parseForm(await request.formData(), ImportTaxSchema);
  if (failure) return failure;
  const country = params.country ?? "";
  const saved = await saveImportTax(actor, country, { vatRate: value.vatRate, dutyRate: value.dutyRate, dutyFreeMinor: value.dutyFree }, new Date(value.version));
  if (saved.ok) return redirect(`/admin/settings/taxes/${country}?saved`, 303);
  if (saved.error === "not_found") throw routeCheckFailed(request);
  return staleRefusal(submission, staff.locale, saved);
}

/** "21.00" as staff type it: "21", "25.5". */
const typedPercent = (rate: string) => String(Number(rate));

export default function ImportTaxes() {
  const { tax, trail, saved } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation();
  const version = new Date(tax.updatedAt).toISOString();
  const { form, fields, busy } = useSchemaForm(ImportTaxSchema, {
    id: `taxes-${tax.country}-${version}`,
    lastResult: reply,
    // The fields as typed (strings); conform types a default by the schema's output.
    defaultValue: { vatRate: typedPercent(tax.vatRate), dutyRate: typedPercent(tax.dutyRate), dutyFree: toDecimalString(tax.dutyFreeMinor) } as never,
  });
  const title = t("admin.settings.taxesTitle", { country: tax.name });
  return (
    <div className="flex flex-col gap-6">
      <RecordHeading back={{ to: "/admin/settings", label: t("admin.settings.title") }} title={title}>
        <p className="mt-2 max-w-3xl text-ink-muted">{t("admin.settings.taxesIntro", { union: tax.customsUnion ?? "—" })}</p>
      </RecordHeading>
      <Form method="post" {...getFormProps(form)} aria-label={title} className="flex max-w-md flex-col gap-4 rounded-lg bg-surface p-4 shadow-sm">
        <input type="hidden" name="intent" value="taxes" />
        <input type="hidden" name="version" value={version} />
        <TypedField field={fields.vatRate} label={t("admin.settings.vatRate")} />
        <TypedField field={fields.dutyRate} label={t("admin.settings.dutyRate")} />
        <TypedField field={fields.dutyFree} label={t("admin.settings.dutyFree")} />
        <FormMessage errors={form.errors} success={saved && !form.errors ? t("admin.settings.taxesSaved", { country: tax.name }) : undefined} />
        <button type="submit" className="button-primary self-start" disabled={busy}>
          {t("admin.settings.saveTaxes", { country: tax.name })}
        </button>
      </Form>
      <AuditTrail entries={trail} />
    </div>
  );
}
