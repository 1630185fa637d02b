import { getFormProps, type FieldMetadata } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/AuditTrail";
import { RecordHeading } from "~/components/admin/RecordHeading";
import { DataTable } from "~/components/admin/DataTable";
import { ConfirmSeaAboveAir, Finding, findingValues, RateInput, routeName } from "~/components/admin/RateFields";
import { FormMessage } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { toDecimalString } from "~/lib/money";
import { auditTrail } from "~/models/audit/audit.server";
import { ForwardingRatesSchema } from "~/models/settings/rates-schema";
import { saveForwardingRates, staffForwardingRoute, type ForwardingRate } from "~/models/settings/rates.server";
import { adminLocale } from "~/platform/admin-texts.server";
import { staffFor } from "~/web/admin/guard.server";
import { refused, staleRefusal } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";
import { routeCheckFailed } from "~/web/not-found";
import { adminTitle } from "~/web/admin/page-title";

// /admin/settings/forwarding/:warehouse/:country (catalogue and owners): a
// route's forwarding rates, air and sea in one form, as the calculator
// prices a parcel by them. The rate check and the "save anyway" box are
// those of the cart rates (/admin/settings); a saved rate prices the next
// calculation.

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => adminTitle(matches, data && `${routeName(data.route)}`);

const METHODS = ["air", "sea"] as const;
type Method = (typeof METHODS)[number];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { staff } = await staffFor(request, context, "settings.manage");
  const route = await staffForwardingRoute(params.warehouse ?? "", params.country ?? "");
  if (!route?.air || !route.sea) throw routeCheckFailed(request);
  const name = `${route.warehouse}-${route.country}`;
  return { route: { ...route, air: route.air, sea: route.sea }, trail: await auditTrail("forwarding_rates", name), locale: adminLocale(staff.locale), saved: new URL(request.url).searchParams.has("saved") };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "settings.manage");
  const { submission, value, failure } = parseForm(await request.formData(), ForwardingRatesSchema);
  if (failure) return failure;
  const rate = (method: Method): ForwardingRate => ({
    firstMinor: value[`${method}First`],
    firstWeightG: value[`${method}FirstKg`],
    stepMinor: value[`${method}Step`],
    stepG: value[`${method}StepKg`],
    divisor: value[`${method}Divisor`],
    daysMin: value[`${method}DaysMin`],
    daysMax: value[`${method}DaysMax`],
  });
  const route = { warehouse: params.warehouse ?? "", country: params.country ?? "" };
  const saved = await saveForwardingRates(actor, route, { air: rate("air"), sea: rate("sea") }, { air: new Date(value.airVersion), sea: new Date(value.seaVersion) }, value.confirm === "on");
  if (saved.ok) return redirect(`/admin/settings/forwarding/${route.warehouse}/${route.country}?saved`, 303);
  if (saved.error === "not_found") throw routeCheckFailed(request);
  if (saved.error === "stale") return staleRefusal(submission, staff.locale, saved);
  return refused(submission, staff.locale, "settings.seaAboveAir", findingValues(saved.finding, adminLocale(staff.locale)));
}

/** Grams as typed in kilograms: "1", "0.5". */
const kilograms = (grams: number) => String(grams / 1000);

export default function ForwardingRoute() {
  const { route, trail, locale, saved } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation();
  const versions = { air: new Date(route.air.updatedAt).toISOString(), sea: new Date(route.sea.updatedAt).toISOString() };
  const typed = (method: Method) => {
    const rate = route[method];
    return {
      [`${method}First`]: toDecimalString(rate.firstMinor),
      [`${method}FirstKg`]: kilograms(rate.firstWeightG),
      [`${method}Step`]: toDecimalString(rate.stepMinor),
      [`${method}StepKg`]: kilograms(rate.stepG),
      [`${method}Divisor`]: String(rate.divisor),
      [`${method}DaysMin`]: String(rate.daysMin),
      [`${method}DaysMax`]: String(rate.daysMax),
    };
  };
  const { form, fields, busy } = useSchemaForm(ForwardingRatesSchema, {
    id: `forwarding-${route.warehouse}-${route.country}-${versions.air}-${versions.sea}`,
    lastResult: reply,
    // The fields as typed (strings); conform types a default by the schema's output.
    defaultValue: { ...typed("air"), ...typed("sea") } as never,
  });
  const name = routeName(route);
  const method = (key: Method) => t(`admin.settings.${key}`);
  const cell = (key: Method, field: string, label: string) => <RateInput field={fields[`${key}${field}` as keyof typeof fields] as FieldMetadata<unknown>} label={t(label, { method: method(key) })} />;
  return (
    <div className="flex flex-col gap-6">
      <RecordHeading back={{ to: "/admin/settings", label: t("admin.settings.title") }} title={t("admin.settings.routeTitle", { route: name })}>
        <p className="mt-2 max-w-3xl text-ink-muted">{t("admin.settings.routeIntro")}</p>
      </RecordHeading>
      <Form method="post" {...getFormProps(form)} aria-label={name} className="flex flex-col gap-3 rounded-lg bg-surface p-4 shadow-sm">
        <input type="hidden" name="intent" value="forwarding" />
        <input type="hidden" name="airVersion" value={versions.air} />
        <input type="hidden" name="seaVersion" value={versions.sea} />
        <DataTable
          caption={t("admin.settings.ratesOf", { site: name })}
          rows={METHODS.map((key) => ({ key }))}
          rowKey={({ key }) => key}
          empty="—"
          columns={[
            { header: t("admin.settings.method"), cell: ({ key }) => method(key) },
            { header: t("admin.settings.first"), cell: ({ key }) => cell(key, "First", "admin.settings.firstOf") },
            { header: t("admin.settings.firstKg"), cell: ({ key }) => cell(key, "FirstKg", "admin.settings.firstKgOf") },
            { header: t("admin.settings.step"), cell: ({ key }) => cell(key, "Step", "admin.settings.stepOf") },
            { header: t("admin.settings.stepKg"), cell: ({ key }) => cell(key, "StepKg", "admin.settings.stepKgOf") },
            { header: t("admin.settings.divisor"), cell: ({ key }) => cell(key, "Divisor", "admin.settings.divisorOf") },
            { header: t("admin.settings.daysMin"), cell: ({ key }) => cell(key, "DaysMin", "admin.settings.daysMinOf") },
            { header: t("admin.settings.daysMax"), cell: ({ key }) => cell(key, "DaysMax", "admin.settings.daysMaxOf") },
          ]}
        />
        <p className="text-sm">
          <Finding finding={route.finding} locale={locale} />
        </p>
        <FormMessage errors={form.errors} success={saved && !form.errors ? t("admin.settings.routeSaved", { route: name }) : undefined} />
        <ConfirmSeaAboveAir field={fields.confirm} />
        <button type="submit" className="button-primary self-start" disabled={busy}>
          {t("admin.settings.saveRoute", { route: name })}
        </button>
      </Form>
      <AuditTrail entries={trail} />
    </div>
  );
}
