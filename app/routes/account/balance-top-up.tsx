import { getFormProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AccountLayout } from "~/components/account/AccountLayout";
import { Field } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { PaymentMethodChoice } from "~/components/payments/PaymentMethodChoice";
import { useEuro } from "~/components/account/BalanceHistory";
import { useTranslation } from "~/hooks/use-translation";
import { getBalance } from "~/models/balance/balance.server";
import { methodViews, paymentMethods } from "~/models/payments/methods.server";
import { startTopUp } from "~/models/payments/start.server";
import { TOP_UP_LIMITS, TopUpSchema, type TopUpValues } from "~/models/payments/top-up";
import { paymentPage } from "~/web/payments/payment-page.server";
import { parseForm, replyWith } from "~/web/form-reply.server";
import { siteForRequest } from "~/web/sites.server";
import { defineGuards } from "~/web/guards.server";
import { openPage } from "~/web/page-start.server";
import { privatePage } from "~/web/private-page";

// balance/pay (spec 2): the customer adds money to the stored balance
// through a processor; once paid, the ledger shows a top-up (related type
// 3) with the processor's name and transaction id. A plain POST form,
// checked by the same schema in the browser and on the server; a refusal
// keeps what was typed.
const guard = defineGuards("auth");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, locale, t } = await openPage(guard, { request, params });
  const [site, balance] = await Promise.all([siteForRequest(request), getBalance(user.id)]);
  const methods = (await paymentMethods(site.id, locale)).filter((m) => m.processor !== "balance");
  return { title: t("payment.topUp.title"), methods: methodViews(methods), balance: balance ?? 0 };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, locale } = await openPage(guard, { request, params });
  const site = await siteForRequest(request);
  const { submission, value, failure } = parseForm(await request.formData(), TopUpSchema);
  if (failure) return failure;
  const started = await startTopUp(user.id, site.id, locale, value.payment, value.amount);
  if (!started.ok) {
    const [field, message] = started.error === "amount" ? ["amount", "payment.topUp.range"] : ["payment", "checkout.errors.unknownPaymentMethod"];
    return replyWith(submission, 400, { fields: { [field]: [message] } });
  }
  throw redirect(await paymentPage(started.token, request, locale), 303);
}

export default function BalanceTopUpPage() {
  const { title, methods, balance } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const euro = useEuro();
  const { form, fields, busy } = useSchemaForm<TopUpValues>(TopUpSchema, {
    id: "top-up",
    lastResult,
    defaultValue: { payment: methods[0] ? methods[0].id : undefined },
  });
  return (
    <AccountLayout title={title}>
      <p className="mb-4 text-ink-muted">{t("payment.topUp.current", { amount: euro(balance) })}</p>
      <Form method="post" {...getFormProps(form)} className="flex max-w-xl flex-col gap-6">
        <Field field={fields.amount} label={t("payment.topUp.amount")} inputMode="decimal" values={{ min: euro(TOP_UP_LIMITS.min), max: euro(TOP_UP_LIMITS.max) }} />
        <PaymentMethodChoice methods={methods} field={fields.payment} legend={t("payment.topUp.method")} withoutFees />
        <p className="text-sm text-ink-muted">{t("payment.topUp.noFee")}</p>
        <button type="submit" className="button-primary self-start" disabled={busy}>
          {t("payment.topUp.submit")}
        </button>
      </Form>
    </AccountLayout>
  );
}
