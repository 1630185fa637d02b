import { getFormProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AccountLayout } from "~/components/account/AccountLayout";
import { Field, FieldError, FormMessage, SelectField } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { useTranslation } from "~/hooks/use-translation";
import { localePath } from "~/lib/i18n";
import { toDecimalString } from "~/lib/money";
import { declarationOf, DeclarationSchema, EMPTY_LINE, MAX_LINES, QuoteChoiceSchema, type DeclarationForm } from "~/models/forwarding/declaration";
import { declareParcel, listWarehouses, paidQuotes, quoteContentLines } from "~/models/forwarding/parcels.server";
import { siteForRequest } from "~/web/sites.server";
import { parseForm, replyFilling, replyWith } from "~/web/form-reply.server";
import { defineGuards } from "~/web/guards.server";
import { openPage } from "~/web/page-start.server";
import { localeParam } from "~/web/locale-param";
import { privatePage } from "~/web/private-page";

// /site-pro-delivery (spec 2, guards auth and declaration): the customer
// declares a parcel a shop is sending to one of the warehouses. A plain
// form: "add a line" and "fill from the quote" are submits that come back
// with everything typed; a refusal says what is wrong by each field, status 400.
const guard = defineGuards("auth");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, t } = await openPage(guard, { request, params });
  const [warehouses, quotes] = await Promise.all([listWarehouses(), paidQuotes(user.id)]);
  return {
    title: t("forwarding.declare.title"),
    warehouses: warehouses.map((w) => ({ code: w.code, name: w.name })),
    quotes: quotes.map((q) => ({ id: Number(q.id), label: `QU${q.id}` })),
    warehouse: new URL(request.url).searchParams.get("warehouse") ?? "",
  };
}

/** Each refusal of a declaration by the field it belongs to. */
const DECLARE_REFUSAL = {
  duplicate: ["tracking", "forwarding.errors.duplicate"],
  unknown_quote: ["quote", "forwarding.errors.quote"],
  unknown_warehouse: ["warehouse", "forwarding.errors.warehouse"],
} as const;

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await guard({ request, params });
  const locale = localeParam(params);
  const form = await request.formData();
  if (form.get("intent") === "use-quote") {
    const { submission, value, failure } = parseForm(form, QuoteChoiceSchema);
    if (failure) return failure;
    const lines = value.quote ? await quoteContentLines(user.id, value.quote) : null;
    if (!lines) return replyWith(submission, 400, { fields: { quote: ["forwarding.errors.quote"] } });
    const filled = lines.map((line) => ({ description: line.description, quantity: String(line.quantity), value: line.valueMinor === null ? "" : toDecimalString(line.valueMinor) }));
    return replyFilling(submission, "lines", filled.length ? filled : [EMPTY_LINE]);
  }
  const { submission, value, failure } = parseForm(form, DeclarationSchema);
  if (failure) return failure;
  const declaration = declarationOf(value);
  const declared = await declareParcel(user.id, (await siteForRequest(request)).id, declaration);
  if (!declared.ok) {
    const [field, message] = DECLARE_REFUSAL[declared.error];
    return replyWith(submission, 400, { fields: { [field]: [message] } });
  }
  throw redirect(`${localePath(locale, "/my-parcels")}?declared=${encodeURIComponent(declaration.trackingNumber)}`, 303);
}

export default function DeclareParcelPage() {
  const { title, warehouses, quotes, warehouse } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const { form, fields, busy } = useSchemaForm<DeclarationForm>(DeclarationSchema, { id: "declare", lastResult, defaultValue: { warehouse, lines: [EMPTY_LINE] } });
  const lines = fields.lines.getFieldList();
  return (
    <AccountLayout title={title}>
      <p className="mb-4 text-ink-muted">{t("forwarding.declare.intro")}</p>
      <FormMessage errors={form.errors} />
      <Form method="post" {...getFormProps(form)} className="flex max-w-2xl flex-col gap-4">
        {/* Enter in any field declares the parcel rather than adding a line. */}
        <button type="submit" name="intent" value="declare" hidden tabIndex={-1} />
        <SelectField
          field={fields.warehouse}
          label={t("forwarding.declare.warehouse")}
          placeholder={t("forwarding.declare.chooseWarehouse")}
          options={warehouses.map((w) => ({ value: w.code, label: w.name }))}
        />
        <Field field={fields.tracking} label={t("forwarding.declare.tracking")} autoComplete="off" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field field={fields.carrier} label={t("forwarding.declare.carrier")} />
          <Field field={fields.shop} label={t("forwarding.declare.shop")} />
        </div>
        {quotes.length ? (
          <div className="flex flex-wrap items-end gap-2">
            <SelectField field={fields.quote} label={t("forwarding.declare.quote")} placeholder={t("forwarding.declare.noQuote")} options={quotes.map((q) => ({ value: String(q.id), label: q.label }))} />
            <button type="submit" name="intent" value="use-quote" formNoValidate className="button-secondary">
              {t("forwarding.declare.useQuote")}
            </button>
          </div>
        ) : null}
        <fieldset className="flex flex-col gap-3" aria-describedby={fields.lines.errors ? fields.lines.errorId : undefined}>
          <legend className="mb-1 font-medium">{t("forwarding.declare.lines")}</legend>
          <FieldError field={fields.lines} />
          {lines.map((line, i) => {
            const cells = line.getFieldset();
            return (
              <fieldset key={line.key} className="grid gap-2 rounded-lg border border-line p-3 sm:grid-cols-[1fr_6rem_8rem]">
                <legend className="px-1 text-sm text-ink-muted">{t("forwarding.declare.line", { n: i + 1 })}</legend>
                <Field field={cells.description} label={t("forwarding.declare.description")} />
                <Field field={cells.quantity} label={t("forwarding.declare.quantity")} inputMode="numeric" />
                <Field field={cells.value} label={t("forwarding.declare.value")} inputMode="decimal" />
              </fieldset>
            );
          })}
          {lines.length < MAX_LINES ? (
            <button {...form.insert.getButtonProps({ name: fields.lines.name, defaultValue: EMPTY_LINE })} className="button-secondary self-start">
              {t("forwarding.declare.addLine")}
            </button>
          ) : null}
        </fieldset>
        <button type="submit" name="intent" value="declare" className="button-primary self-start" disabled={busy}>
          {t("forwarding.declare.submit")}
        </button>
      </Form>
    </AccountLayout>
  );
}
