import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import { usePrice } from "~/hooks/use-price";
import { localePath } from "~/lib/i18n";
import { orderNumber } from "~/models/orders/orders";
import { findPayment, retryPayment, settlePayment, SANDBOX_OUTCOMES, type SandboxOutcome } from "~/models/payments/sandbox.server";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/platform/locale-param";
import { notFound } from "~/platform/not-found";
import { privatePage } from "~/platform/private-page";

// The sandbox card provider's hosted page (the shop's stand-in for a card
// provider's own, docs/checkout.md): no card data is asked for; the shopper
// chooses how the "bank" answers. A real provider's page replaces it when
// one is configured.
export const headers = privatePage.headers;
export const meta = privatePage.meta;

const RETURN_PAGE: Record<SandboxOutcome, string> = { paid: "/payment/accept", failed: "/payment/fail", declined: "/payment/decline" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [payment, t] = await Promise.all([findPayment(params.token ?? ""), i18nServer.getFixedT(localeParam(params))]);
  if (!payment) throw notFound(request);
  const locale = localeParam(params);
  if (payment.status !== "pending") throw redirect(`${localePath(locale, RETURN_PAGE[payment.status])}?payment=${payment.token}`);
  return { payment: { token: payment.token, amount: payment.amount_minor, number: orderNumber("marketplace", Number(payment.order_id)) }, title: t("sandbox.title") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const locale = localeParam(params);
  const form = await request.formData();
  const token = params.token ?? "";
  if (form.get("intent") === "retry") {
    const next = await retryPayment(token);
    if (!next) throw notFound(request);
    throw redirect(localePath(locale, `/payment/sandbox/${next}`), 303);
  }
  const outcome = form.get("outcome");
  if (!SANDBOX_OUTCOMES.includes(outcome as SandboxOutcome)) throw new Response(null, { status: 400 });
  const settled = await settlePayment(token, outcome as SandboxOutcome);
  if (!settled) throw notFound(request);
  throw redirect(`${localePath(locale, RETURN_PAGE[settled])}?payment=${token}`, 303);
}

export default function SandboxPaymentPage() {
  const { payment, title } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const price = usePrice();
  return (
    <main id="main" className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-12">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="rounded-lg bg-brand-soft px-3 py-2 text-sm text-brand-strong">{t("sandbox.note")}</p>
      <p>{t("sandbox.amount", { number: payment.number })}</p>
      <p className="text-3xl font-extrabold tabular-nums">{price(payment.amount)}</p>
      <Form method="post" className="flex flex-col gap-2">
        <button type="submit" name="outcome" value="paid" className="button-primary">
          {t("sandbox.pay")}
        </button>
        <button type="submit" name="outcome" value="failed" className="button-secondary">
          {t("sandbox.fail")}
        </button>
        <button type="submit" name="outcome" value="declined" className="button-secondary">
          {t("sandbox.decline")}
        </button>
      </Form>
    </main>
  );
}
