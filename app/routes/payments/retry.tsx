import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { localePath } from "~/lib/i18n";
import { retryPayment } from "~/models/payments/start.server";
import { paymentPage } from "~/web/payments/payment-page.server";
import { localeParam } from "~/web/locale-param";

// POST /payment/retry?payment={token}: the return page's "Try again" — the
// same payment once more, at the processor's page. Refused, the shopper is
// back on the page they came from, told why.
export async function action({ request, params }: ActionFunctionArgs) {
  const locale = localeParam(params);
  const token = new URL(request.url).searchParams.get("payment") ?? "";
  const next = /^[\w-]{16,64}$/.test(token) ? await retryPayment(token) : null;
  if (!next) throw redirect(`${localePath(locale, "/payment/fail")}?payment=${encodeURIComponent(token)}&retry_refused=1`, 303);
  throw redirect(await paymentPage(next, request, locale), 303);
}

export function loader() {
  return new Response(null, { status: 405, headers: { allow: "POST" } });
}
