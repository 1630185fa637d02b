import { Form } from "@remix-run/react";
import { ErrorAlert } from "~/components/ErrorAlert";
import { useTranslation } from "~/hooks/use-translation";
import { usePrice } from "~/hooks/use-price";
import { LocaleLink } from "~/components/LocaleLink";
import { useLocale } from "~/hooks/use-locale";
import { localePath } from "~/lib/i18n";
import type { privatePage } from "~/web/private-page";
import type { PaymentResultData } from "~/web/payments/result-page.server";
import { useDataLayer } from "~/hooks/use-data-layer";

// What /payment/accept, /payment/fail and /payment/decline show once the
// processor has answered (or while it has not yet): the order or top-up, and
// for a payment that did not go through, the ways to try again.
export function PaymentResult({ result, retryRefused }: { result: PaymentResultData; retryRefused?: boolean }) {
  const { t } = useTranslation();
  const price = usePrice();
  const locale = useLocale();
  const { outcome, purpose, number } = result;
  const text = purpose === "top-up" ? t(`payment.${outcome}.topUp`, { amount: price(result.amount) }) : t(`payment.${outcome}.text`, { number: number ?? "" });
  const tryAgain = outcome === "failed" || outcome === "declined";
  usePaymentEvents(result);
  return (
    <main id="main" className="mx-auto flex w-full max-w-2xl flex-col items-start gap-4 px-4 py-12">
      <h1 className="text-2xl font-bold sm:text-3xl">{t(`payment.${outcome}.title`)}</h1>
      <p role={outcome === "pending" ? "status" : undefined}>{text}</p>
      {tryAgain && result.balanceReturned ? <p>{t("payment.balanceBack")}</p> : null}
      {retryRefused ? <ErrorAlert>{t("payment.retryRefused")}</ErrorAlert> : null}
      {tryAgain ? (
        <div className="flex flex-wrap items-center gap-4">
          {purpose === "top-up" ? (
            // A top-up is started afresh: its amount and method are the customer's to choose again.
            <LocaleLink to="/balance/pay" className="button-primary">
              {t("payment.retry")}
            </LocaleLink>
          ) : (
            <Form method="post" action={`${localePath(locale, "/payment/retry")}?payment=${result.token}`}>
              <button type="submit" className="button-primary">
                {t("payment.retry")}
              </button>
            </Form>
          )}
          {purpose === "order" && result.signedIn ? (
            <LocaleLink to={`/payment/${result.orderSlug}`} className="link">
              {t("payment.otherWay")}
            </LocaleLink>
          ) : null}
        </div>
      ) : null}
      {purpose === "order" && result.signedIn && result.orderPage ? (
        <LocaleLink to={result.orderPage} className="link">
          {t("checkout.seeOrder")}
        </LocaleLink>
      ) : null}
      {purpose === "top-up" ? (
        <LocaleLink to="/balance-history" className="link">
          {t("balance.title")}
        </LocaleLink>
      ) : null}
    </main>
  );
}

/** Spec 9: a paid order is a purchase and a payment success, a declined one a declined payment; once each per payment. */
function usePaymentEvents(result: PaymentResultData) {
  const { outcome, number, amount, provider } = result;
  const kind = result.kind === "marketplace" ? "marketplace" : "quote";
  useDataLayer(
    (b, rate) => {
      if (result.purpose !== "order" || !number) return null;
      if (outcome === "paid") return [b.paymentEvent("purchase", number, amount, provider, rate), b.paymentEvent(`${kind}_payment_success`, number, amount, provider, rate)];
      return outcome === "declined" && b.paymentEvent(`${kind}_payment_declined`, number, amount, provider, rate);
    },
    result.token,
    true,
  );
}

type MetaTags = ReturnType<typeof privatePage.meta>;

/** While the bank has not answered, the page asks again every few seconds, with or without JavaScript. */
export function paymentResultMeta(result: PaymentResultData | undefined, tags: MetaTags): MetaTags {
  return result?.outcome === "pending" ? [...(tags ?? []), { httpEquiv: "refresh", content: "3" }] : tags;
}
