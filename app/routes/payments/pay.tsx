import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ErrorAlert } from "~/components/ErrorAlert";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import * as v from "valibot";
import { CheckoutFrame } from "~/components/checkout/CheckoutFrame";
import { localePath } from "~/lib/i18n";
import { parseTypedMinor, toDecimalString } from "~/lib/money";
import { CHECKOUT_ERROR_FIELD, PaymentStepSchema, type PaymentStepInput } from "~/models/checkout/checkout";
import { loadCheckout, stepRefusal } from "~/web/checkout/checkout-page.server";
import { removeBalance, savePaymentStep } from "~/models/checkout/checkout.server";
import { defineGuards } from "~/web/guards.server";
import { privatePage } from "~/web/private-page";
import { BalancePart } from "~/components/payments/BalancePart";
import { PaymentMethodChoice } from "~/components/payments/PaymentMethodChoice";
import { PayOrder } from "~/components/payments/PayOrder";
import type { CheckoutData } from "~/models/checkout/checkout.server";
import { payOrderAction, payOrderPage } from "~/web/payments/pay-order.server";
import { REFUSAL_STATUS } from "~/web/refusal-status";

// /payment/{slug} (spec 2, payment layout; step 4): how to pay — a
// provider with its fee, part or all from the stored balance — and a
// promotion code. "Apply" keeps the shopper here; "Continue" goes on to
// the review. Plain form posts, so it works before JavaScript loads.
// The slug of a signed-in customer's own order instead pays that order
// later (payment-pay; pay-order.server.ts, decision 026).
const guard = defineGuards("marketplace");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await guard({ request, params });
  // The slug of the customer's unpaid order: paying later (payment-pay).
  const payLater = await payOrderPage(request, params);
  if (payLater) return payLater;
  const { data: checkout, t, locale } = await loadCheckout(request, params);
  // The shipping step comes first: without an address there is nothing to pay for yet.
  if (!checkout.address) throw redirect(localePath(locale, `/checkout/${checkout.slug}`));
  return { checkout, title: t("checkout.steps.payment") };
}

type StepAnswer = { error: string; field: string | null; values: Record<string, string>; applied?: boolean };

export async function action({ request, params }: ActionFunctionArgs) {
  await guard({ request, params });
  const form = Object.fromEntries([...(await request.formData())].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  if (form.intent === "pay_order") return payOrderAction(request, params, form);
  const { checkout, data: current, owner, t, locale } = await loadCheckout(request, params);
  const refuse = (error: string, field: string | null) => data({ error, field, values: form } satisfies StepAnswer, { status: 400 });

  if (form.intent === "remove_balance") {
    const outcome = await removeBalance(checkout);
    if (!outcome.ok) return data({ ...stepRefusal(t, outcome.error, "balance"), values: form } satisfies StepAnswer, { status: REFUSAL_STATUS.checkout[outcome.error] });
    throw redirect(localePath(locale, `/payment/${checkout.slug}`), 303);
  }

  const input: Record<string, unknown> = {};
  if (form.payment) input.payment = Number(form.payment);
  if (form.balance !== undefined && owner.user) {
    const amount = form.balance.trim() === "" ? 0 : parseTypedMinor(form.balance);
    if (amount === null || amount < 0) return refuse(t("checkout.errors.balanceAmount"), "balance");
    input.balance = amount;
  }
  if (form.promotion !== undefined) input.promotion = form.intent === "remove_promotion" ? "" : form.promotion;
  const parsed = v.safeParse(PaymentStepSchema, input);
  if (!parsed.success) return refuse(t(parsed.issues[0].message), v.getDotPath(parsed.issues[0]) ?? null);
  const step: PaymentStepInput = parsed.output;
  // A code left as it was need not be checked again.
  if (step.promotion !== undefined && step.promotion !== "" && step.promotion === current.promotion?.code.toUpperCase()) delete step.promotion;

  const outcome = await savePaymentStep(checkout, owner, step, current.totals.subtotal, locale);
  if (!outcome.ok) return data({ ...stepRefusal(t, outcome.error, CHECKOUT_ERROR_FIELD[outcome.error]), values: form } satisfies StepAnswer, { status: REFUSAL_STATUS.checkout[outcome.error] });
  if (form.intent === "apply" || form.intent === "remove_promotion") throw redirect(localePath(locale, `/payment/${checkout.slug}`), 303);
  throw redirect(localePath(locale, `/confirm/${checkout.slug}`), 303);
}

export default function PaymentPage() {
  const loaded = useLoaderData<typeof loader>();
  if ("payOrder" in loaded) return <PayOrder order={loaded.payOrder} title={loaded.title} />;
  return <PaymentStep checkout={loaded.checkout} />;
}

function PaymentStep({ checkout }: { checkout: CheckoutData }) {
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const values = answer?.values ?? {};
  const invalid = (field: string) => (answer?.field === field ? true : undefined);
  const chosen = values.payment ?? (checkout.selected_payment ? String(checkout.selected_payment) : "");

  return (
    <CheckoutFrame data={checkout} current="payment">
      {answer ? <ErrorAlert>{answer.error}</ErrorAlert> : null}
      <Form method="post" className="flex flex-col gap-6" noValidate>
        <PaymentMethodChoice methods={checkout.payment_methods} chosen={chosen} legend={t("checkout.paymentMethod")} />

        {checkout.available_balance !== null ? (
          <BalancePart
            available={checkout.available_balance}
            defaultValue={values.balance ?? (checkout.totals.balance ? toDecimalString(checkout.totals.balance) : "")}
            invalid={answer?.field === "balance"}
          >
            {checkout.totals.balance > 0 ? (
              // Its own form (see below, by `form`): Enter in a field must not remove the balance.
              <button type="submit" form="remove-balance" name="intent" value="remove_balance" className="link self-start text-sm">
                {t("checkout.removeBalance")}
              </button>
            ) : null}
          </BalancePart>
        ) : null}

        <fieldset className="flex flex-col gap-2 rounded-xl border border-line p-4">
          <legend className="px-1 font-semibold">{t("checkout.promotionCode")}</legend>
          <div className="flex flex-wrap items-end gap-2">
            <label className="flex flex-1 flex-col gap-1">
              <span className="sr-only">{t("checkout.promotionCode")}</span>
              <input name="promotion" defaultValue={values.promotion ?? checkout.promotion?.code ?? ""} aria-invalid={invalid("promotion")} autoCapitalize="characters" className="field-input" />
            </label>
            <button type="submit" name="intent" value="apply" className="button-secondary">
              {t("checkout.apply")}
            </button>
            {checkout.promotion ? (
              <button type="submit" name="intent" value="remove_promotion" className="link text-sm">
                {t("checkout.removePromotion")}
              </button>
            ) : null}
          </div>
        </fieldset>

        <button type="submit" name="intent" value="continue" className="button-primary self-end">
          {t("checkout.toReview")}
        </button>
      </Form>
      <Form method="post" id="remove-balance" hidden />
    </CheckoutFrame>
  );
}
