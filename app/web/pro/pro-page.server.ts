import { redirect } from "@remix-run/node";
import { formatDate } from "~/lib/format";
import { intlLocale, localePath, type Locale } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import type { SessionUser } from "~/models/accounts/sessions.server";
import type { SiteConfig } from "~/models/sites/sites.server";
import { parseForm, replyWith } from "~/web/form-reply.server";
import { ProApplicationSchema, proPageState, type ProApplicationStatus, type ProPageState } from "~/models/pro/application";
import { applyToSell, latestApplication, type ApplyError } from "~/models/pro/applications.server";
import { listingFeeFor } from "~/models/pro/fee";

// /pro's use cases: what the offer page shows the visitor, and a customer's
// application. Without JavaScript the form is a plain POST that comes back
// with what was typed when it is refused, and redirects when it is filed.

export type ProPage = {
  state: ProPageState;
  /** The listing fee as the site bills it, e.g. "4,90 €"; null on a site without one. */
  fee: string | null;
  /** The latest application, for its status. */
  application: { status: ProApplicationStatus; date: string; company: string } | null;
  /** Just filed (after the redirect). */
  sent: boolean;
  /** The sign-in page that comes back here. */
  signIn: string;
  register: string;
};

export async function proPage(request: Request, user: SessionUser | null, site: SiteConfig, locale: Locale): Promise<ProPage> {
  const latest = user ? await latestApplication(user.id) : null;
  const fee = listingFeeFor(site.currencies);
  const back = new URLSearchParams({ redirectTo: localePath(locale, "/pro") });
  return {
    state: proPageState(user?.role ?? null, latest?.status ?? null),
    fee: fee ? formatMoney(fee.feeMinor, fee.currency.iso_code, intlLocale(locale)) : null,
    application: latest ? { status: latest.status, date: formatDate(latest.created_at), company: latest.company_name } : null,
    sent: new URL(request.url).searchParams.get("sent") === "1",
    signIn: `${localePath(locale, "/login")}?${back}`,
    register: `${localePath(locale, "/register")}?${back}`,
  };
}

const REFUSAL: Record<ApplyError, string> = {
  too_many_requests: "api.tooManyRequests",
  already_pending: "pro.errors.alreadyPending",
  already_seller: "pro.errors.alreadySeller",
};

/**
 * "Send the application": a guest is sent to sign in; a refused form comes
 * back (400, or 429 past the limits) with everything typed; a filed one
 * redirects to /pro?sent=1.
 */
export async function submitApplication(request: Request, user: SessionUser | null, context: { site: SiteConfig; locale: Locale; clientIp?: string }) {
  const here = localePath(context.locale, "/pro");
  if (!user) throw redirect(`${localePath(context.locale, "/login")}?${new URLSearchParams({ redirectTo: here })}`, 303);
  const { submission, value, failure } = parseForm(await request.formData(), ProApplicationSchema, { publicForm: true });
  if (failure) return failure;
  const outcome = await applyToSell(user, value, context);
  if (!outcome.ok) return replyWith(submission, outcome.error === "too_many_requests" ? 429 : 400, [REFUSAL[outcome.error]]);
  throw redirect(`${here}?sent=1`, 303);
}
