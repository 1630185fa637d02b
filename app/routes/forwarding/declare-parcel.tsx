import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AccountLayout } from "~/components/account/AccountLayout";
import { useTranslation } from "~/hooks/use-translation";
import { localePath } from "~/lib/i18n";
import { toDecimalString } from "~/lib/money";
import {
  checkDeclaration,
  EMPTY_LINE,
  readDeclarationForm,
  withAnotherLine,
  type DeclarationErrors,
  type DeclarationValues,
} from "~/models/forwarding/declaration";
import { declareParcel, listWarehouses, paidQuotes, quoteContentLines } from "~/models/forwarding/parcels.server";
import { siteForRequest } from "~/web/sites.server";
import { defineGuards } from "~/web/guards.server";
import { openPage } from "~/web/page-start.server";
import { localeParam } from "~/web/locale-param";
import { privatePage } from "~/web/private-page";

// /site-pro-delivery (spec 2, guards auth and declaration): the customer
// declares a parcel a shop is sending to one of the warehouses. A plain
// form: "add a line" and "fill from the quote" are submits that come back
// with everything typed; a refusal says what is wrong, status 400.
const guard = defineGuards("auth");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, t } = await openPage(guard, { request, params });
  const [warehouses, quotes] = await Promise.all([listWarehouses(), paidQuotes(user.id)]);
  const preset = new URL(request.url).searchParams.get("warehouse") ?? "";
  return {
    title: t("forwarding.declare.title"),
    warehouses: warehouses.map((w) => ({ code: w.code, name: w.name })),
    quotes: quotes.map((q) => ({ id: Number(q.id), label: `QU${q.id}` })),
    initial: { warehouse: preset, tracking: "", carrier: "", shop: "", quote: "", lines: [EMPTY_LINE] } satisfies DeclarationValues,
  };
}

/** What the form comes back with: everything as typed, and a message by each field refused. */
const reply = (values: DeclarationValues, errors: DeclarationErrors = {}) => ({ values, errors });

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await guard({ request, params });
  const locale = localeParam(params);
  const form = await request.formData();
  const values = readDeclarationForm(form);
  const intent = form.get("intent");
  if (intent === "add-line") return reply(withAnotherLine(values));
  if (intent === "use-quote") {
    const lines = values.quote ? await quoteContentLines(user.id, Number(values.quote)) : null;
    if (!lines) return data(reply(values, { quote: "forwarding.errors.quote" }), { status: 400 });
    const filled = lines.map((line) => ({ description: line.description, quantity: String(line.quantity), value: line.valueMinor === null ? "" : toDecimalString(line.valueMinor) }));
    return reply({ ...values, lines: filled.length ? filled : [EMPTY_LINE] });
  }
  const checked = checkDeclaration(values);
  if (!checked.ok) return data(reply(values, checked.errors), { status: 400 });
  const site = await siteForRequest(request);
  const declared = await declareParcel(user.id, site.id, checked.declaration);
  if (!declared.ok) {
    const errors: DeclarationErrors =
      declared.error === "duplicate" ? { tracking: "forwarding.errors.duplicate" } : declared.error === "unknown_quote" ? { quote: "forwarding.errors.quote" } : { warehouse: "forwarding.errors.warehouse" };
    return data(reply(values, errors), { status: 400 });
  }
  throw redirect(`${localePath(locale, "/my-parcels")}?declared=${encodeURIComponent(checked.declaration.trackingNumber)}`, 303);
}

export default function DeclareParcelPage() {
  const { title, warehouses, quotes, initial } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const values = answer?.values ?? initial;
  const errors = answer?.errors ?? {};
  const messages = Object.values(errors);
  const invalid = (field: keyof DeclarationErrors) => (errors[field] ? true : undefined);
  const described = (field: keyof DeclarationErrors) => (errors[field] ? `declare-error-${field}` : undefined);
  const fieldError = (field: keyof DeclarationErrors) =>
    errors[field] ? (
      <span id={`declare-error-${field}`} className="text-sm text-danger">
        {t(errors[field]!)}
      </span>
    ) : null;
  // The form is keyed by what came back, so a changed set of rows replaces the typed defaults.
  const key = JSON.stringify(values);
  return (
    <AccountLayout title={title}>
      <p className="mb-4 text-ink-muted">{t("forwarding.declare.intro")}</p>
      {messages.length ? (
        <div role="alert" className="mb-4 rounded-lg bg-danger-soft px-3 py-2 text-danger">
          {messages.map((message) => (
            <p key={message}>{t(message)}</p>
          ))}
        </div>
      ) : null}
      <Form method="post" className="flex max-w-2xl flex-col gap-4" noValidate key={key}>
        {/* Enter in any field declares the parcel rather than adding a line. */}
        <button type="submit" name="intent" value="declare" hidden tabIndex={-1} />
        <label className="flex flex-col gap-1">
          <span className="font-medium">{t("forwarding.declare.warehouse")}</span>
          <select name="warehouse" defaultValue={values.warehouse} required aria-invalid={invalid("warehouse")} aria-describedby={described("warehouse")} className="field-input">
            <option value="">{t("forwarding.declare.chooseWarehouse")}</option>
            {warehouses.map((w) => (
              <option key={w.code} value={w.code}>
                {w.name}
              </option>
            ))}
          </select>
          {fieldError("warehouse")}
        </label>
        <label className="flex flex-col gap-1">
          <span className="font-medium">{t("forwarding.declare.tracking")}</span>
          <input name="tracking" defaultValue={values.tracking} required autoComplete="off" aria-invalid={invalid("tracking")} aria-describedby={described("tracking")} className="field-input" />
          {fieldError("tracking")}
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <label className="flex flex-col gap-1">
            <span className="font-medium">{t("forwarding.declare.carrier")}</span>
            <input name="carrier" defaultValue={values.carrier} required aria-invalid={invalid("carrier")} aria-describedby={described("carrier")} className="field-input" />
            {fieldError("carrier")}
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-medium">{t("forwarding.declare.shop")}</span>
            <input name="shop" defaultValue={values.shop} required aria-invalid={invalid("shop")} aria-describedby={described("shop")} className="field-input" />
            {fieldError("shop")}
          </label>
        </div>
        {quotes.length ? (
          <div className="flex flex-wrap items-end gap-2">
            <label className="flex flex-col gap-1">
              <span className="font-medium">{t("forwarding.declare.quote")}</span>
              <select name="quote" defaultValue={values.quote} aria-invalid={invalid("quote")} aria-describedby={described("quote")} className="field-input">
                <option value="">{t("forwarding.declare.noQuote")}</option>
                {quotes.map((q) => (
                  <option key={q.id} value={q.id}>
                    {q.label}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" name="intent" value="use-quote" className="button-secondary">
              {t("forwarding.declare.useQuote")}
            </button>
            {fieldError("quote")}
          </div>
        ) : (
          <input type="hidden" name="quote" value="" />
        )}
        <fieldset className="flex flex-col gap-3" aria-describedby={described("lines")}>
          <legend className="mb-1 font-medium">{t("forwarding.declare.lines")}</legend>
          {fieldError("lines")}
          {values.lines.map((line, i) => (
            <fieldset key={i} className="grid gap-2 rounded-lg border border-line p-3 sm:grid-cols-[1fr_6rem_8rem]">
              <legend className="px-1 text-sm text-ink-muted">{t("forwarding.declare.line", { n: i + 1 })}</legend>
              <label className="flex flex-col gap-1 text-sm">
                <span>{t("forwarding.declare.description")}</span>
                <input name="line_description" defaultValue={line.description} aria-invalid={invalid("lines")} className="field-input" />
              </label>
              <label className="flex flex-col gap-1 text-sm">
                <span>{t("forwarding.declare.quantity")}</span>
                <input name="line_quantity" inputMode="numeric" defaultValue={line.quantity} aria-invalid={invalid("lines")} className="field-input" />
              </label>
              <label className="flex flex-col gap-1 text-sm">
                <span>{t("forwarding.declare.value")}</span>
                <input name="line_value" inputMode="decimal" defaultValue={line.value} aria-invalid={invalid("lines")} className="field-input" />
              </label>
            </fieldset>
          ))}
          <button type="submit" name="intent" value="add-line" className="button-secondary self-start">
            {t("forwarding.declare.addLine")}
          </button>
        </fieldset>
        <button type="submit" name="intent" value="declare" className="button-primary self-start">
          {t("forwarding.declare.submit")}
        </button>
      </Form>
    </AccountLayout>
  );
}
