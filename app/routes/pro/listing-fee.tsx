import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ErrorAlert } from "~/components/ErrorAlert";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { LocaleLink } from "~/components/LocaleLink";
import { ProLayout } from "~/components/pro/ProLayout";
import { useTranslation } from "~/hooks/use-translation";
import { intlLocale, localePath } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { listingFeeFor } from "~/models/pro/fee";
import { openListingFee, type FeeError } from "~/models/pro/fee.server";
import { parseListingId } from "~/models/pro/listing";
import { listingForFee } from "~/models/pro/listings.server";
import { siteForRequest } from "~/web/sites.server";
import { defineGuards } from "~/web/guards.server";
import { openPage } from "~/web/page-start.server";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/web/locale-param";
import { notFound } from "~/web/not-found";
import { privatePage } from "~/web/private-page";

// /site-pro-payment/{id} (spec 2, guards auth and marketplace; layout
// "pro"): a listing's fee. "Pay the fee" opens the listing's bill and sends
// the seller to /payment/{bill}, as a quote's "Accept and pay" does; paying
// puts the listing on the marketplace and leads back here, where the page
// says it is paid. The path takes the spec's several segments; only the
// first, the listing's id, means anything. Another seller's listing is not
// found (404).
const guard = defineGuards("auth", "marketplace", "seller");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

/** The listing's id from the path: one segment of digits, nothing after it. */
function listingIdOf(request: Request, splat: string | undefined) {
  const id = parseListingId((splat ?? "").replace(/\/$/, ""));
  if (typeof id !== "number") throw notFound(request);
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, locale, t } = await openPage(guard, { request, params });
  const id = listingIdOf(request, params["*"]);
  const [site, listing] = await Promise.all([siteForRequest(request), listingForFee(user.id, id, locale)]);
  if (!listing) throw notFound(request);
  const fee = listingFeeFor(site.currencies);
  return {
    title: t("pro.paymentTitle", { name: listing.name }),
    listing: {
      id: listing.id,
      slug: listing.slug,
      state: listing.state,
      refusal: listing.refusal,
      // A payment under way, for the note that paying again starts it over.
      started: listing.bill?.status === "unpaid",
    },
    fee: fee ? formatMoney(fee.feeMinor, fee.currency.iso_code, intlLocale(locale)) : null,
  };
}

const ERROR_TEXT: Record<Exclude<FeeError, "not_found">, string> = {
  not_approved: "pro.errors.notApproved",
  already_paid: "pro.errors.alreadyPaid",
  withdrawn: "pro.errors.withdrawn",
  no_fee: "pro.errors.noFee",
};

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await guard({ request, params });
  const locale = localeParam(params);
  const id = listingIdOf(request, params["*"]);
  const outcome = await openListingFee(user.id, id, await siteForRequest(request));
  if (!outcome.ok) {
    if (outcome.error === "not_found") throw notFound(request);
    const t = await i18nServer.getFixedT(locale);
    return data({ error: t(ERROR_TEXT[outcome.error]) }, { status: 400 });
  }
  throw redirect(localePath(locale, `/payment/${outcome.billSlug}`), 303);
}

export default function SiteProPayment() {
  const { title, listing, fee } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <ProLayout title={title} seller>
      {answer ? <ErrorAlert className="mb-4">{answer.error}</ErrorAlert> : null}
      {listing.state === "in_review" ? (
        <p role="status" className="max-w-2xl rounded-xl bg-surface-muted p-5">
          {t("pro.reviewNote")}
        </p>
      ) : listing.state === "refused" ? (
        <div role="status" className="flex max-w-2xl flex-col gap-2 rounded-xl border border-danger bg-danger-soft p-5">
          <p className="font-semibold">{t("pro.refusedTitle")}</p>
          <p className="whitespace-pre-line break-words">{t("pro.refusedReason", { reason: listing.refusal ?? "" })}</p>
          <p>{t("pro.refusedAgain")}</p>
        </div>
      ) : listing.state === "awaiting_fee" ? (
        fee ? (
          <div className="flex max-w-2xl flex-col gap-4">
            <p>{t("pro.feeDue", { fee })}</p>
            {listing.started ? <p className="text-sm text-ink-muted">{t("pro.payPending")}</p> : null}
            <Form method="post">
              <button type="submit" className="button-primary">
                {t("pro.pay")}
              </button>
            </Form>
          </div>
        ) : (
          <p role="status" className="rounded-lg bg-surface-muted px-4 py-3">
            {t("pro.errors.noFee")}
          </p>
        )
      ) : (
        <div role="status" className="flex max-w-2xl flex-col gap-3 rounded-xl bg-surface-muted p-5">
          <p className="font-medium">{t(listing.state === "active" ? "pro.paid" : listing.state === "hidden" ? "pro.paidHidden" : "pro.withdrawnText")}</p>
          {listing.state === "active" ? (
            <LocaleLink to={`/p/${listing.slug}`} className="link self-start">
              {t("pro.viewListing")}
            </LocaleLink>
          ) : null}
        </div>
      )}
      <div className="mt-8 flex flex-wrap gap-x-6 gap-y-2">
        <LocaleLink to={`/site-pro-edit/${listing.id}`} className="link">
          {t("pro.editListing")}
        </LocaleLink>
        <LocaleLink to="/site-pro" className="link">
          {t("pro.backToListings")}
        </LocaleLink>
      </div>
    </ProLayout>
  );
}
