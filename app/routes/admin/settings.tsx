import { getFormProps, type FieldMetadata } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useReplyFor } from "~/components/forms/reply-for";
import { DataTable, type Column } from "~/components/admin/DataTable";
import { HeadedSection } from "~/components/HeadedSection";
import { ConfirmSeaAboveAir, Finding, findingValues, RateInput, routeName } from "~/components/admin/RateFields";
import { FormMessage } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { formatMoney, toDecimalString } from "~/lib/money";
import { CartRatesSchema } from "~/models/settings/rates-schema";
import { staffCourierCountries, staffShippingTiers } from "~/models/settings/delivery.server";
import { staffImportTaxes } from "~/models/settings/import-taxes.server";
import { staffSites } from "~/models/settings/site-settings.server";
import { saveCartRates, staffCartRates, staffForwardingRates } from "~/models/settings/rates.server";
import { adminLocale } from "~/platform/admin-texts.server";
import { staffFor } from "~/web/admin/guard.server";
import { refused, staleRefusal } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";
import { adminMeta } from "~/web/admin/page-title";

// /admin/settings (catalogue and owners): each site's cart rates, air and
// sea, edited together; a sea rate that would price some parcel above air
// is named with that parcel and both prices, and saved only when the box
// "save anyway" is ticked. Below, the calculator's forwarding rates per
// route with the same check; each route opens its own form
// (settings-forwarding.tsx). First, the sites, each opening its own form
// (settings-site.tsx). After the cart rates, each site's shipping
// discounts by tier (settings-shipping.tsx) and each country's couriers and
// parcel lockers (settings-couriers.tsx). Last, each destination's import
// taxes, each opening its own form (settings-taxes.tsx).

export const meta = adminMeta("admin.settings.title");

const formId = (site: string) => `rates-${site}`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { staff } = await staffFor(request, context, "settings.manage");
  const [siteList, sites, routes, taxes, tiers, couriers] = await Promise.all([staffSites(), staffCartRates(), staffForwardingRates(), staffImportTaxes(), staffShippingTiers(), staffCourierCountries()]);
  return { siteList, sites, routes, taxes, tiers, couriers, locale: adminLocale(staff.locale), saved: new URL(request.url).searchParams.get("saved") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "settings.manage");
  const formData = await request.formData();
  const form = formId(String(formData.get("site") ?? ""));
  const { submission, value, failure } = parseForm(formData, CartRatesSchema, { form });
  if (failure) return failure;
  const rate = (method: "air" | "sea") => ({
    base: value[`${method}Base`],
    perKg: value[`${method}PerKg`],
    volumetricDivisor: value[`${method}Divisor`],
    discountPercent: value[`${method}Discount`] ?? 0,
  });
  const saved = await saveCartRates(actor, value.site, { air: rate("air"), sea: rate("sea") }, { air: new Date(value.airVersion), sea: new Date(value.seaVersion) }, value.confirm === "on");
  if (saved.ok) return redirect(`/admin/settings?saved=${encodeURIComponent(value.site)}#${form}`, 303);
  if (saved.error === "stale") return staleRefusal(submission, staff.locale, saved, form);
  if (saved.error === "sea_above_air") return refused(submission, staff.locale, "settings.seaAboveAir", findingValues(saved.finding, adminLocale(staff.locale)), 409, form);
  return refused(submission, staff.locale, "content.noSuchSite", undefined, 409, form);
}

type SiteRates = Awaited<ReturnType<typeof loader>>["sites"][number];

export default function Settings() {
  const { siteList, sites, routes, taxes, tiers, couriers, locale, saved } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const money = (minor: number) => formatMoney(minor, "EUR", locale);
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold">{t("admin.settings.title")}</h1>
        <p className="max-w-3xl text-ink-muted">{t("admin.settings.intro")}</p>
      </div>
      <ListSection
        id="sites"
        heading={t("admin.settings.sites")}
        intro={t("admin.settings.sitesIntro")}
        rows={siteList}
        rowKey={(site) => site.code}
        columns={[
          { header: t("admin.settings.site"), link: (site) => ({ to: `/admin/settings/sites/${site.code}`, label: site.name }) },
          { header: t("admin.settings.code"), cell: (site) => site.code },
          { header: t("admin.settings.currencies"), cell: (site) => site.currencies },
        ]}
      />
      <HeadedSection id="cart-rates" heading={t("admin.settings.cartRates")} className="flex flex-col gap-4" headingClassName="text-xl font-semibold">
        {sites.map((site) => (
          <RatesForm key={site.site} site={site} saved={saved === site.site} />
        ))}
      </HeadedSection>
      <ListSection
        id="shipping-tiers"
        heading={t("admin.delivery.tiers")}
        intro={t("admin.delivery.tiersListIntro")}
        rows={tiers}
        rowKey={(site) => site.site}
        columns={[
          { header: t("admin.settings.site"), link: (site) => ({ to: `/admin/settings/shipping/${site.site}`, label: `${site.name} (${site.site})` }) },
          {
            header: t("admin.delivery.tiers"),
            cell: (site) =>
              site.tiers.length === 0 ? t("admin.delivery.noTiers") : site.tiers.map((tier) => t("admin.delivery.tierReads", { from: money(tier.minSubtotalMinor), cost: money(tier.shippingMinor) })).join("; "),
          },
        ]}
      />
      <ListSection
        id="couriers"
        heading={t("admin.delivery.couriers")}
        intro={t("admin.delivery.couriersListIntro")}
        rows={couriers}
        rowKey={(country) => country.country}
        columns={[
          { header: t("admin.settings.country"), link: (country) => ({ to: `/admin/settings/couriers/${country.country}`, label: country.name }) },
          { header: t("admin.delivery.couriersCount"), cell: (country) => country.couriers, numeric: true },
          { header: t("admin.delivery.offeredCount"), cell: (country) => country.active, numeric: true },
        ]}
      />
      <ListSection
        id="forwarding-rates"
        heading={t("admin.settings.forwardingRates")}
        intro={t("admin.settings.forwardingIntro")}
        rows={routes}
        rowKey={(route) => `${route.warehouse}-${route.country}`}
        columns={[
          { header: t("admin.settings.route"), link: (route) => ({ to: `/admin/settings/forwarding/${route.warehouse}/${route.country}`, label: routeName(route) }) },
          ...(["air", "sea"] as const).map((method) => ({
            header: t(`admin.settings.${method}`),
            cell: (route: (typeof routes)[number]) => {
              const rate = route[method];
              return rate
                ? t("admin.settings.steps", { first: money(rate.firstMinor), firstKg: rate.firstWeightG / 1000, step: money(rate.stepMinor), stepKg: rate.stepG / 1000, divisor: rate.divisor, days: `${rate.daysMin}–${rate.daysMax}` })
                : "—";
            },
          })),
          { header: t("admin.settings.check"), cell: (route) => <Finding finding={route.finding} locale={locale} /> },
        ]}
      />
      <ListSection
        id="import-taxes"
        heading={t("admin.settings.importTaxes")}
        intro={t("admin.settings.importTaxesIntro")}
        rows={taxes}
        rowKey={(tax) => tax.country}
        columns={[
          { header: t("admin.settings.country"), link: (tax) => ({ to: `/admin/settings/taxes/${tax.country}`, label: tax.name }) },
          { header: t("admin.settings.customsUnion"), cell: (tax) => tax.customsUnion ?? "—" },
          { header: t("admin.settings.vatRate"), cell: (tax) => tax.vatRate, numeric: true },
          { header: t("admin.settings.dutyRate"), cell: (tax) => tax.dutyRate, numeric: true },
          { header: t("admin.settings.dutyFree"), cell: (tax) => money(tax.dutyFreeMinor), numeric: true },
        ]}
      />
    </div>
  );
}

/** One of the page's lists: its heading, a line on what it holds, and its table, captioned by the heading. */
function ListSection<Row>({ id, heading, intro, ...table }: { id: string; heading: string; intro: string; rows: Row[]; rowKey: (row: Row) => string | number; columns: Column<Row>[] }) {
  return (
    <HeadedSection id={id} heading={heading} className="flex flex-col gap-2" headingClassName="text-xl font-semibold">
      <p className="max-w-3xl text-sm text-ink-muted">{intro}</p>
      <DataTable caption={heading} empty="—" {...table} />
    </HeadedSection>
  );
}

/** One site's air and sea rates in one form: the check compares the two. */
function RatesForm({ site, saved }: { site: SiteRates; saved: boolean }) {
  const { t } = useTranslation();
  const { locale } = useLoaderData<typeof loader>();
  const id = formId(site.site);
  const answered = useReplyFor<typeof action>(id);
  const versions = { air: new Date(site.air.updatedAt).toISOString(), sea: new Date(site.sea.updatedAt).toISOString() };
  const typed = (rate: SiteRates["air"]) => ({ base: toDecimalString(rate.base), perKg: toDecimalString(rate.perKg), divisor: String(rate.volumetricDivisor), discount: String(rate.discountPercent) });
  const [air, sea] = [typed(site.air), typed(site.sea)];
  const { form, fields, busy } = useSchemaForm(CartRatesSchema, {
    id: `${id}-${versions.air}-${versions.sea}`,
    lastResult: answered,
    // The fields as typed (strings); conform types a default by the schema's output.
    defaultValue: { airBase: air.base, airPerKg: air.perKg, airDivisor: air.divisor, airDiscount: air.discount, seaBase: sea.base, seaPerKg: sea.perKg, seaDivisor: sea.divisor, seaDiscount: sea.discount } as never,
  });
  // The check's refusal stays in view while the box is ticked (a tick revalidates the form, which would clear it).
  const refusal = answered && "error" in answered ? answered.error?.[""] : undefined;
  const cell = (field: FieldMetadata<unknown>, label: string) => <RateInput field={field} label={label} />;
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby={id} className="flex flex-col gap-3 rounded-lg bg-surface p-4 shadow-sm">
      <h3 id={id} className="text-lg font-semibold">
        {site.name} ({site.site})
      </h3>
      <input type="hidden" name="intent" value="rates" />
      <input type="hidden" name="site" value={site.site} />
      <input type="hidden" name="airVersion" value={versions.air} />
      <input type="hidden" name="seaVersion" value={versions.sea} />
      <DataTable
        caption={t("admin.settings.ratesOf", { site: site.name })}
        rows={(["air", "sea"] as const).map((method) => ({ method }))}
        rowKey={({ method }) => method}
        empty="—"
        columns={[
          { header: t("admin.settings.method"), cell: ({ method }) => t(`admin.settings.${method}`) },
          { header: t("admin.settings.base"), cell: ({ method }) => cell(fields[`${method}Base`], t("admin.settings.baseOf", { method: t(`admin.settings.${method}`) })) },
          { header: t("admin.settings.perKg"), cell: ({ method }) => cell(fields[`${method}PerKg`], t("admin.settings.perKgOf", { method: t(`admin.settings.${method}`) })) },
          { header: t("admin.settings.divisor"), cell: ({ method }) => cell(fields[`${method}Divisor`], t("admin.settings.divisorOf", { method: t(`admin.settings.${method}`) })) },
          { header: t("admin.settings.discount"), cell: ({ method }) => cell(fields[`${method}Discount`], t("admin.settings.discountOf", { method: t(`admin.settings.${method}`) })) },
        ]}
      />
      <p className="text-sm">
        <Finding finding={site.finding} locale={locale} />
      </p>
      <FormMessage errors={form.errors ?? refusal ?? undefined} success={saved && !form.errors ? t("admin.settings.saved", { site: site.name }) : undefined} />
      <ConfirmSeaAboveAir field={fields.confirm} />
      <button type="submit" className="button-primary self-start" disabled={busy}>
        {t("admin.settings.save", { site: site.name })}
      </button>
    </Form>
  );
}
