import { localePath, type Locale } from "~/lib/i18n";
import { sendToProcessor } from "~/models/payments/start.server";
import { env } from "~/platform/env.server";

/** The address processors send shoppers and webhooks back to. */
export function paymentOrigin(request: Request) {
  return env().PUBLIC_URL ?? new URL(request.url).origin;
}

/** Where to send the shopper for a payment: the processor's page, or the fail page when it cannot be reached. */
export async function paymentPage(token: string, request: Request, locale: Locale) {
  const sent = await sendToProcessor(token, paymentOrigin(request), locale);
  return sent && "redirectUrl" in sent ? sent.redirectUrl : `${localePath(locale, "/payment/fail")}?payment=${token}`;
}
