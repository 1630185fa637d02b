import { redirect } from "@remix-run/node";
import { localePath, type Locale } from "~/lib/i18n";
import { getSessionUser } from "~/models/accounts/sessions.server";
import { orderNumber } from "~/models/orders/orders";
import { findPayment, type SandboxOutcome } from "./sandbox.server";

const PAGE: Record<SandboxOutcome, string> = { paid: "/payment/accept", failed: "/payment/fail", declined: "/payment/decline" };

/**
 * What a provider's return page shows (spec 2: /payment/accept, /fail,
 * /decline), from the `payment` in its query. A payment that ended
 * otherwise is sent to its own page; an unknown one finds nothing.
 */
export async function paymentResult(request: Request, locale: Locale, outcome: SandboxOutcome) {
  const token = new URL(request.url).searchParams.get("payment") ?? "";
  const payment = await findPayment(token);
  if (!payment) return null;
  if (payment.status === "pending") throw redirect(localePath(locale, `/payment/sandbox/${payment.token}`));
  if (payment.status !== outcome) throw redirect(`${localePath(locale, PAGE[payment.status])}?payment=${payment.token}`);
  const user = await getSessionUser(request);
  return { outcome, token: payment.token, number: orderNumber("marketplace", Number(payment.order_id)), orderSlug: payment.order_slug, signedIn: user !== null };
}
