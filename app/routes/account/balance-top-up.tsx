import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ErrorAlert } from "~/components/ErrorAlert";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AccountLayout } from "~/components/account/AccountLayout";
import { PaymentMethodChoice } from "~/components/payments/PaymentMethodChoice";
import { useEuro } from "~/components/account/BalanceHistory";
import { useTranslation } from "~/hooks/use-translation";
import { formatMoney, parseTypedMinor } from "~/lib/money";
import { intlLocale } from "~/lib/i18n";
import { getBalance } from "~/models/balance/balance.server";
import { methodViews, paymentMethods } from "~/models/payments/methods.server";
import { startTopUp, TOP_UP_LIMITS } from "~/models/payments/start.server";
import { paymentPage } from "~/web/payments/payment-page.server";
import { siteForRequest } from "~/web/sites.server";
import { defineGuards } from "~/web/guards.server";
import { openPage } from "~/web/page-start.server";
import { privatePage } from "~/web/private-page";

// balance/pay (spec 2): the customer adds money to the stored balance
// through a processor; once paid, the ledger shows a top-up (related type
// 3) with the processor's name and transaction id. A plain form; a refusal
// keeps what was typed.
const guard = defineGuards("auth");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, locale, t } = await openPage(guard, { request, params });
  const [site, balance] = await Promise.all([siteForRequest(request), getBalance(user.id)]);
  const methods = (await paymentMethods(site.id, locale)).filter((m) => m.processor !== "balance");
  return { title: t("payment.topUp.title"), methods: methodViews(methods), balance: balance ?? 0, limits: TOP_UP_LIMITS };
}

type Answer = { error: string; field: "amount" | "payment"; values: Record<string, string> };

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, locale, t } = await openPage(guard, { request, params });
  const site = await siteForRequest(request);
  const form = Object.fromEntries([...(await request.formData())].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const refuse = (error: string, field: Answer["field"]) => data({ error, field, values: form } satisfies Answer, { status: 400 });
  const amount = parseTypedMinor(form.amount ?? "");
  const euro = (minor: number) => formatMoney(minor, "EUR", intlLocale(locale));
  const range = t("payment.topUp.range", { min: euro(TOP_UP_LIMITS.min), max: euro(TOP_UP_LIMITS.max) });
  if (amount === null) return refuse(range, "amount");
  const started = await startTopUp(user.id, site.id, locale, Number(form.payment), amount);
  if (!started.ok) return started.error === "amount" ? refuse(range, "amount") : refuse(t("checkout.errors.unknownPaymentMethod"), "payment");
  throw redirect(await paymentPage(started.token, request, locale), 303);
}

export default function BalanceTopUpPage() {
  const { title, methods, balance } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const euro = useEuro();
  const values = answer?.values ?? {};
  return (
    <AccountLayout title={title}>
      <p className="mb-4 text-ink-muted">{t("payment.topUp.current", { amount: euro(balance) })}</p>
      {answer ? <ErrorAlert className="mb-4">{answer.error}</ErrorAlert> : null}
      <Form method="post" className="flex max-w-xl flex-col gap-6" noValidate>
        <label className="flex flex-col gap-1">
          <span className="font-medium">{t("payment.topUp.amount")}</span>
          <input
            name="amount"
            inputMode="decimal"
            required
            defaultValue={values.amount ?? ""}
            aria-invalid={answer?.field === "amount" ? true : undefined}
            className="field-input max-w-40"
          />
        </label>
        <PaymentMethodChoice methods={methods} chosen={values.payment ?? String(methods[0]?.id ?? "")} legend={t("payment.topUp.method")} withoutFees />
        <p className="text-sm text-ink-muted">{t("payment.topUp.noFee")}</p>
        <button type="submit" className="button-primary self-start">
          {t("payment.topUp.submit")}
        </button>
      </Form>
    </AccountLayout>
  );
}
