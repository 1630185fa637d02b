import { getFormProps } from "@conform-to/react";
import { Form, useActionData } from "@remix-run/react";
import { FormMessage } from "~/components/forms/Field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { PayOrderSchema, type PayOrderForm } from "~/models/checkout/pay-order";
import { useTranslation } from "~/hooks/use-translation";
import { usePrice } from "~/hooks/use-price";
import { LocaleLink } from "~/components/LocaleLink";
import type { PayableOrder, payOrderAction } from "~/web/payments/pay-order.server";
import { recordQuoteStep } from "~/components/quotes/tracking-steps";
import { track } from "~/hooks/use-data-layer";
import { BalancePart } from "./BalancePart";
import { PaymentMethodChoice } from "./PaymentMethodChoice";

// Paying an unpaid order later (/payment/{order slug}): the amount left,
// the methods with their fees, and part or all from the balance. A plain
// form, so it works before JavaScript loads; a refusal keeps what was typed.
export function PayOrder({ order, title }: { order: PayableOrder; title: string }) {
  const { t } = useTranslation();
  const price = usePrice();
  const lastResult = useActionData<typeof payOrderAction>();
  const { form, fields, busy } = useSchemaForm<PayOrderForm>(PayOrderSchema, { id: "pay-order", lastResult });
  return (
    <main id="main" className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-10">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      {order.status !== "unpaid" ? (
        <>
          <p>{t("payment.payOrder.alreadyPaid")}</p>
          <LocaleLink to={`/my-orders/${order.slug}`} className="link">
            {t("checkout.seeOrder")}
          </LocaleLink>
        </>
      ) : (
        <>
          <p className="flex items-baseline justify-between rounded-xl bg-surface-muted px-4 py-3">
            <span>{t("payment.payOrder.due")}</span>
            <span className="text-2xl font-extrabold tabular-nums">{price(order.due)}</span>
          </p>
          <FormMessage errors={form.errors} />
          <Form
            method="post"
            {...getFormProps(form)}
            className="flex flex-col gap-6"
            onSubmit={(event) => {
              form.onSubmit(event);
              if (order.quote && !event.defaultPrevented) setPayment(order.quote, event.currentTarget);
            }}
          >
            <PaymentMethodChoice methods={order.methods} field={fields.payment} legend={t("checkout.paymentMethod")} />
            {order.availableBalance > 0 ? <BalancePart available={order.availableBalance} field={fields.balance} /> : null}
            <button type="submit" name="intent" value="pay_order" className="button-primary self-end" disabled={busy}>
              {t("payment.payOrder.pay")}
            </button>
          </Form>
        </>
      )}
    </main>
  );
}

/** Spec 3's "set payment" step of a quote, and spec 9's payment info event, once per quote. */
function setPayment(quote: { slug: string; id: number }, form: HTMLFormElement) {
  const paymentType = Number(new FormData(form).get("payment")) || null;
  if (paymentType !== null && recordQuoteStep(quote.slug, "set_payment")) {
    track((b) => b.quotePaymentInfoEvent(quote.id, paymentType));
  }
}
