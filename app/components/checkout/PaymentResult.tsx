import { Form } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import { LocaleLink, useLocale } from "~/components/LocaleLink";
import { localePath } from "~/lib/i18n";

// What /payment/accept, /payment/fail and /payment/decline show once the
// provider has answered: the order's number, and for a failed or declined
// payment the way to try again.
export function PaymentResult({ outcome, number, orderSlug, token, signedIn }: { outcome: "paid" | "failed" | "declined"; number: string; orderSlug: string; token: string; signedIn: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <main id="main" className="mx-auto flex w-full max-w-2xl flex-col items-start gap-4 px-4 py-12">
      <h1 className="text-2xl font-bold sm:text-3xl">{t(`payment.${outcome}.title`)}</h1>
      <p>{t(`payment.${outcome}.text`, { number })}</p>
      {outcome === "paid" ? null : (
        <Form method="post" action={localePath(locale, `/payment/sandbox/${token}`)}>
          <button type="submit" name="intent" value="retry" className="button-primary">
            {t("payment.retry")}
          </button>
        </Form>
      )}
      {signedIn ? (
        <LocaleLink to={`/my-orders/${orderSlug}`} className="link">
          {t("checkout.seeOrder")}
        </LocaleLink>
      ) : null}
    </main>
  );
}
