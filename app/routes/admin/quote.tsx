import { getFormProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { TrailSection } from "~/components/admin/AuditTrail";
import { DataTable } from "~/components/admin/DataTable";
import { TypedField } from "~/components/admin/TypedField";
import { RecordHeading } from "~/components/admin/RecordHeading";
import { FormMessage } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { formatDateTime } from "~/lib/format";
import { formatMoney, toDecimalString } from "~/lib/money";
import { QuotePriceSchema } from "~/models/quotes/price-schema";
import { priceQuote } from "~/models/quotes/quote-admin.server";
import { staffQuote } from "~/models/quotes/staff-quotes.server";
import { can } from "~/models/staff/roles";
import { staffFor } from "~/web/admin/guard.server";
import { refused } from "~/web/admin/replies.server";
import { parseForm } from "~/web/form-reply.server";
import { recordIdOf } from "~/web/admin/record-id";
import { routeCheckFailed } from "~/web/not-found";
import { intlLocale } from "~/lib/i18n";
import { recordOf } from "~/web/admin/record-page";
import { adminTitle } from "~/web/admin/page-title";

// /admin/quotes/:id: a quote request as the customer sent it (links,
// quantities, choices, notes, the price they saw) and, while it is requested
// or priced, the form that prices it. Pricing uses the same use case as
// `npm run admin -- quote price`; the customer then sees the price and pays.

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => adminTitle(matches, data?.quote.number);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { staff } = await staffFor(request, context, "quotes.read");
  const found = await recordOf(request, params.id, staffQuote);
  return {
    ...found,
    locale: intlLocale(staff.locale),
    done: new URL(request.url).searchParams.has("priced"),
    canPrice: can(staff.role, "quotes.price") && (found.quote.status === "requested" || found.quote.status === "priced"),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { staff, actor } = await staffFor(request, context, "quotes.price");
  const quoteId = recordIdOf(request, params.id);
  const { submission, value, failure } = parseForm(await request.formData(), QuotePriceSchema);
  if (failure) return failure;
  const outcome = await priceQuote(
    actor,
    quoteId,
    {
      lines: new Map(value.lines.map((line) => [line.position, line.price])),
      shopShippingMinor: value.shopShipping ?? 0,
      serviceFeeMinor: value.serviceFee ?? 0,
      taxMinor: value.tax ?? 0,
      air: value.air !== undefined && value.airDays ? { minor: value.air, days: value.airDays } : null,
      sea: value.sea !== undefined && value.seaDays ? { minor: value.sea, days: value.seaDays } : null,
    },
    new Date(value.updatedAt),
  );
  if (outcome.ok) return redirect(`/admin/quotes/${quoteId}?priced`, 303);
  if (outcome.code === "not_found") throw routeCheckFailed(request);
  return refused(submission, staff.locale, outcome.code === "stale" ? "staleUnknown" : outcome.code === "wrong_status" ? "quotes.wrongState" : "quotes.badInput");
}

export default function Quote() {
  const { quote, lines, trail, locale, done, canPrice } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const money = (minor: number) => formatMoney(minor, "EUR", locale);
  const typed = (minor: number | null) => (minor === null ? "" : toDecimalString(minor));
  const { form, fields, busy } = useSchemaForm(QuotePriceSchema, {
    id: "price",
    lastResult: answer,
    defaultValue: {
      updatedAt: new Date(quote.updated_at).toISOString(),
      lines: lines.map((line) => ({ position: String(line.position), price: typed(line.price_minor) })),
      shopShipping: typed(quote.shop_shipping_minor),
      serviceFee: typed(quote.service_fee_minor),
      tax: typed(quote.tax_minor),
      air: typed(quote.air_minor),
      airDays: quote.air_days ?? "",
      sea: typed(quote.sea_minor),
      seaDays: quote.sea_days ?? "",
      // The fields as typed (strings); conform types a default by the schema's output (amounts in cents).
    } as never,
  });
  const lineFields = fields.lines.getFieldList();
  return (
    <div className="flex flex-col gap-6">
      <RecordHeading
        back={{ to: "/admin/quotes", label: t("admin.quotes.title") }}
        title={<>{quote.number} · {t(`admin.quotes.statuses.${quote.status}`)}</>}
        facts={<>{formatDateTime(quote.created_at)} · {quote.email}</>}
      >
        {quote.note ? <p className="mt-2 rounded-lg bg-surface p-3 shadow-sm">{quote.note}</p> : null}
      </RecordHeading>
      <FormMessage errors={form.errors} success={done && !form.errors ? t("admin.quotes.pricedDone", { number: quote.number }) : undefined} />
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-6">
        <input type="hidden" name={fields.updatedAt.name} value={new Date(quote.updated_at).toISOString()} />
        <DataTable
          caption={t("admin.quotes.lines")}
          rows={lines.map((line, index) => ({ line, field: lineFields[index] }))}
          rowKey={({ line }) => line.id}
          empty="—"
          columns={[
            { header: "#", cell: ({ line }) => line.position, numeric: true },
            {
              header: t("admin.quotes.link"),
              cell: ({ line }) => (
                <a href={line.url} className="link break-all" rel="noreferrer noopener nofollow" target="_blank">
                  {line.title ?? line.url}
                </a>
              ),
            },
            { header: t("admin.orders.quantity"), cell: ({ line }) => line.quantity, numeric: true },
            { header: t("admin.quotes.options"), cell: ({ line }) => [line.options, line.note].filter(Boolean).join(" · ") || "—" },
            { header: t("admin.quotes.seenPrice"), cell: ({ line }) => (line.seen_price_minor === null ? "—" : money(line.seen_price_minor)), numeric: true },
            {
              header: t("admin.quotes.unitPrice"),
              cell: ({ line, field }) => {
                const item = field?.getFieldset();
                if (!item || !canPrice) return line.price_minor === null ? "—" : money(line.price_minor);
                return (
                  <>
                    <input type="hidden" name={item.position.name} value={line.position} />
                    <TypedField field={item.price} label={t("admin.quotes.unitPriceOf", { n: line.position })} />
                  </>
                );
              },
            },
          ]}
        />
        {canPrice ? (
          <fieldset className="grid gap-3 rounded-lg bg-surface p-4 shadow-sm sm:grid-cols-3">
            <legend className="sr-only">{t("admin.quotes.price")}</legend>
            <TypedField field={fields.shopShipping} label={t("admin.quotes.shopShipping")} />
            <TypedField field={fields.serviceFee} label={t("admin.quotes.serviceFee")} />
            <TypedField field={fields.tax} label={t("admin.quotes.tax")} />
            <TypedField field={fields.air} label={t("admin.quotes.air")} />
            <TypedField field={fields.airDays} label={t("admin.quotes.airDays")} inputMode="text" />
            <div />
            <TypedField field={fields.sea} label={t("admin.quotes.sea")} />
            <TypedField field={fields.seaDays} label={t("admin.quotes.seaDays")} inputMode="text" />
            <div className="flex items-end">
              <button type="submit" className="button-primary" disabled={busy}>
                {t("admin.quotes.publish")}
              </button>
            </div>
          </fieldset>
        ) : null}
      </Form>
      <TrailSection entries={trail} />
    </div>
  );
}
