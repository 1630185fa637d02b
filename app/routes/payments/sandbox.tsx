import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import { usePrice } from "~/hooks/use-price";
import { SANDBOX_DELIVERIES, SANDBOX_OUTCOMES, type SandboxDelivery, type SandboxOutcome } from "~/models/payments/processors/sandbox";
import { decideSandboxPayment, sandboxPayment } from "~/models/payments/processors/sandbox.server";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/web/locale-param";
import { notFound } from "~/web/not-found";
import { privatePage } from "~/web/private-page";

// The sandbox processor's hosted page (decision 026): it stands where a card
// company's, a wallet's or a bank's page would, asks for no card, and lets
// the shopper decide how the payment ends and how the "bank" notifies the
// shop. A payment decided already goes straight back to the shop.
export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [payment, t] = await Promise.all([sandboxPayment(params.ref ?? ""), i18nServer.getFixedT(localeParam(params))]);
  if (!payment) throw notFound(request);
  if (payment.status !== "pending" || payment.pays_at) throw redirect(payment.status === "paid" || payment.status === "pending" ? payment.return_url : payment.cancel_url);
  return { payment: { amount: Number(payment.amount_minor) }, title: t("sandbox.title") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const outcome = String(form.get("outcome"));
  const delivery = String(form.get("delivery") ?? "now");
  if (!SANDBOX_OUTCOMES.includes(outcome as SandboxOutcome) || !SANDBOX_DELIVERIES.includes(delivery as SandboxDelivery)) {
    throw new Response(null, { status: 400 });
  }
  const decided = await decideSandboxPayment(params.ref ?? "", outcome as SandboxOutcome, delivery as SandboxDelivery);
  if (!decided) throw notFound(request);
  throw redirect(decided.returnTo, 303);
}

export default function SandboxPaymentPage() {
  const { payment, title } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const price = usePrice();
  return (
    <main id="main" className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-12">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="rounded-lg bg-brand-soft px-3 py-2 text-sm text-brand-strong">{t("sandbox.note")}</p>
      <p>{t("sandbox.amount")}</p>
      <p className="text-3xl font-extrabold tabular-nums">{price(payment.amount)}</p>
      <Form method="post" className="flex flex-col gap-4">
        <fieldset className="flex flex-col gap-1 rounded-xl border border-line p-3 text-sm">
          <legend className="px-1 font-semibold">{t("sandbox.delivery")}</legend>
          {SANDBOX_DELIVERIES.map((delivery) => (
            <label key={delivery} className="flex items-center gap-2">
              <input type="radio" name="delivery" value={delivery} defaultChecked={delivery === "now"} />
              {t(`sandbox.delivery_${delivery}`)}
            </label>
          ))}
        </fieldset>
        <div className="flex flex-col gap-2">
          {OUTCOME_BUTTONS.map(([outcome, label]) => (
            <button key={outcome} type="submit" name="outcome" value={outcome} className={outcome === "paid" ? "button-primary" : "button-secondary"}>
              {t(label)}
            </button>
          ))}
        </div>
      </Form>
    </main>
  );
}

/** The outcomes the sandbox can answer with, each a button: paying first, the way a processor's page leads. */
const OUTCOME_BUTTONS = [
  ["paid", "sandbox.pay"],
  ["delayed", "sandbox.delayed"],
  ["failed", "sandbox.fail"],
  ["declined", "sandbox.decline"],
] as const;
