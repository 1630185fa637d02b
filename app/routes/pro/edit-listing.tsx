import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { LocaleLink } from "~/components/LocaleLink";
import { ListingForm } from "~/components/pro/ListingForm";
import { ProLayout } from "~/components/pro/ProLayout";
import { useTranslation } from "~/hooks/use-translation";
import { listingChoices } from "~/models/pro/listing";
import { listingEditPage, submitListing} from "~/web/pro/listing-page.server";
import { siteForRequest } from "~/web/sites.server";
import { defineGuards } from "~/web/guards.server";
import { openPage } from "~/web/page-start.server";
import { localeParam } from "~/web/locale-param";
import { privatePage } from "~/web/private-page";

// /site-pro-edit/{id} (spec 2, guards auth and marketplace; layout "pro"):
// a pro seller edits a listing of theirs, or makes one at /site-pro-edit/new:
// title and description in each of the site's languages, price, stock,
// photos, category and the category's additional fields. Another seller's
// listing or a shop product answers 404 (docs/pro.md).
const guard = defineGuards("auth", "marketplace", "seller");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, locale, t } = await openPage(guard, { request, params });
  const site = await siteForRequest(request);
  const page = await listingEditPage(request, params, user, locale, site);
  return { title: page.id === "new" ? t("pro.newTitle") : t("pro.editTitle", { id: page.id }), page };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await guard({ request, params });
  const locale = localeParam(params);
  return submitListing(request, params, user, locale, await siteForRequest(request));
}

export default function SiteProEdit() {
  const { title, page } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const choices = useMemo(() => listingChoices(page.languages, page.categories, page.photos), [page.languages, page.categories, page.photos]);
  return (
    <ProLayout title={title} seller>
      {page.state === "awaiting_fee" && page.id !== "new" ? (
        <p role="status" className="mb-6 rounded-lg bg-surface-muted px-4 py-3">
          {t("pro.awaitingNote")}{" "}
          <LocaleLink to={`/site-pro-payment/${page.id}`} className="link font-semibold">
            {t("pro.payFee")}
          </LocaleLink>
        </p>
      ) : null}
      {page.state === "in_review" ? (
        <p role="status" className="mb-6 rounded-lg bg-surface-muted px-4 py-3">
          {t("pro.reviewNote")}
        </p>
      ) : null}
      {page.state === "refused" ? (
        <div role="status" className="mb-6 flex flex-col gap-2 rounded-lg border border-danger bg-danger-soft px-4 py-3">
          <p className="font-semibold">{t("pro.refusedTitle")}</p>
          <p className="whitespace-pre-line break-words">{t("pro.refusedReason", { reason: page.refusal ?? "" })}</p>
          <p>{t("pro.refusedAgain")}</p>
        </div>
      ) : null}
      {page.state === "active" && page.slug ? (
        <p className="mb-6">
          <LocaleLink to={`/p/${page.slug}`} className="link">
            {t("pro.viewListing")}
          </LocaleLink>
        </p>
      ) : null}
      <ListingForm
        key={page.id}
        id={page.id}
        languages={page.languages}
        categories={page.categories}
        photos={page.photos}
        choices={choices}
        defaults={page.defaults}
        lastResult={lastResult}
      />
      <LocaleLink to="/site-pro" className="link mt-8 inline-block">
        {t("pro.backToListings")}
      </LocaleLink>
    </ProLayout>
  );
}
