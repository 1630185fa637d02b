import { getFormProps, getInputProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import * as v from "valibot";
import { CheckoutFrame } from "~/components/checkout/CheckoutFrame";
import { localePath } from "~/lib/i18n";
import { toDecimalString } from "~/lib/money";
import { CHECKOUT_ERROR_FIELD, CHECKOUT_ERROR_MESSAGE, PaymentFormSchema, PaymentStepSchema, type PaymentForm, type PaymentStepInput } from "~/models/checkout/checkout";
import { FieldError, FormMessage } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { parseForm, replyWith } from "~/web/form-reply.server";
import { loadCheckout } from "~/web/checkout/checkout-page.server";
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

/** The balance's "remove" button sends a form of its own. */
const REMOVE_BALANCE = "remove-balance";

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

/** Each message by its field; one for no field on show is the form's. */
function stepErrors(field: string | undefined, message: string) {
  return field ? { fields: { [field]: [message] } } : [message];
}

export async function action({ request, params }: ActionFunctionArgs) {
  await guard({ request, params });
  const formData = await request.formData();
  if (formData.get("intent") === "pay_order") return payOrderAction(request, params, formData);
  const { checkout, data: current, owner, locale } = await loadCheckout(request, params);

  if (formData.get("intent") === "remove_balance") {
    const { submission } = parseForm(formData, v.object({}), { form: REMOVE_BALANCE });
    const outcome = await removeBalance(checkout);
    if (!outcome.ok) return replyWith(submission, REFUSAL_STATUS.checkout[outcome.error], [CHECKOUT_ERROR_MESSAGE[outcome.error]], REMOVE_BALANCE);
    throw redirect(localePath(locale, `/payment/${checkout.slug}`), 303);
  }

  const { submission, value, failure } = parseForm(formData, PaymentFormSchema);
  if (failure) return failure;
  // The balance is a signed-in customer's, and counts only when its field was on the page.
  const usesBalance = owner.user !== null && submission.payload.balance !== undefined;
  const parsed = v.safeParse(PaymentStepSchema, {
    payment: value.payment,
    balance: usesBalance ? value.balance : undefined,
    promotion: value.intent === "remove_promotion" ? "" : value.promotion,
  });
  if (!parsed.success) return replyWith(submission, 400, stepErrors(v.getDotPath(parsed.issues[0]) ?? undefined, parsed.issues[0].message));
  const step: PaymentStepInput = parsed.output;
  // A code left as it was need not be checked again.
  if (step.promotion !== undefined && step.promotion !== "" && step.promotion === current.promotion?.code.toUpperCase()) delete step.promotion;

  const outcome = await savePaymentStep(checkout, owner, step, current.totals.subtotal, locale);
  if (!outcome.ok) return replyWith(submission, REFUSAL_STATUS.checkout[outcome.error], stepErrors(CHECKOUT_ERROR_FIELD[outcome.error], CHECKOUT_ERROR_MESSAGE[outcome.error]));
  if (value.intent === "apply" || value.intent === "remove_promotion") throw redirect(localePath(locale, `/payment/${checkout.slug}`), 303);
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
  const removal = answer && "form" in answer && answer.form === REMOVE_BALANCE ? answer : undefined;
  const { form, fields } = useSchemaForm<PaymentForm>(PaymentFormSchema, {
    id: "payment",
    lastResult: removal ? undefined : answer,
    defaultValue: {
      payment: checkout.selected_payment ? String(checkout.selected_payment) : undefined,
      balance: checkout.totals.balance ? toDecimalString(checkout.totals.balance) : "",
      promotion: checkout.promotion?.code ?? "",
    },
  });
  const promotion = getInputProps(fields.promotion, { type: "text" });

  return (
    <CheckoutFrame data={checkout} current="payment">
      <FormMessage errors={removal?.error?.[""] ?? form.errors} />
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-6">
        <PaymentMethodChoice methods={checkout.payment_methods} field={fields.payment} legend={t("checkout.paymentMethod")} />

        {checkout.available_balance !== null ? (
          <BalancePart available={checkout.available_balance} field={fields.balance}>
            {checkout.totals.balance > 0 ? (
              // Its own form (see below, by `form`): Enter in a field must not remove the balance.
              <button type="submit" form={REMOVE_BALANCE} name="intent" value="remove_balance" className="link self-start text-sm">
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
              <input {...promotion} key={promotion.key} autoCapitalize="characters" className="field-input" />
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
          <FieldError field={fields.promotion} />
        </fieldset>

        <button type="submit" name="intent" value="continue" className="button-primary self-end">
          {t("checkout.toReview")}
        </button>
      </Form>
      <Form method="post" id={REMOVE_BALANCE} hidden />
    </CheckoutFrame>
  );
}
