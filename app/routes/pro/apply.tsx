import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { HeadedSection } from "~/components/HeadedSection";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LocaleLink } from "~/components/LocaleLink";
import { ApplicationForm } from "~/components/pro/ApplicationForm";
import { ProLayout } from "~/components/pro/ProLayout";
import { useTranslation } from "~/hooks/use-translation";
import { proPage, submitApplication } from "~/web/pro/pro-page.server";
import { siteForRequest } from "~/web/sites.server";
import { defineGuards } from "~/web/guards.server";
import { openPage } from "~/web/page-start.server";
import { localeParam } from "~/web/locale-param";
import { pageMeta } from "~/web/seo";

// /pro (spec 2, guard "pro", layout "pro"): the offer to professional
// sellers, for everyone on a site with the marketplace. A guest is asked to
// sign in and comes back; a customer applies (or sees their application's
// status); a pro seller goes on to their listings (docs/pro.md).
const guard = defineGuards("pro");

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  data ? pageMeta({ matches, location }, { title: data.title, description: data.description }) : [];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, locale, t } = await openPage(guard, { request, params });
  const site = await siteForRequest(request);
  return { title: t("pro.title"), description: t("pro.description"), page: await proPage(request, user, site, locale) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const [user, site] = await Promise.all([guard({ request, params }), siteForRequest(request)]);
  return submitApplication(request, user, { site, locale: localeParam(params), clientIp: context.clientIp });
}

/** The look of the offer's three cards. */
const OFFER_CARD = { className: "rounded-xl border border-line p-5", headingClassName: "mb-3 text-lg font-semibold" };

export default function ProOffer() {
  const { title, description, page } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <ProLayout title={title} seller={page.state === "seller"}>
      <p className="mb-8 max-w-3xl text-lg text-ink-muted">{description}</p>
      <div className="mb-10 grid gap-6 md:grid-cols-3">
        <HeadedSection id="pro-offer" heading={t("pro.offerTitle")} {...OFFER_CARD}>
          <ul className="flex list-disc flex-col gap-2 pl-5">
            <li>{t("pro.offer1")}</li>
            <li>{t("pro.offer2")}</li>
            <li>{t("pro.offer3")}</li>
            <li>{t("pro.offer4")}</li>
          </ul>
        </HeadedSection>
        <HeadedSection id="pro-fee" heading={t("pro.feeTitle")} {...OFFER_CARD}>
          <p>{page.fee ? t("pro.feeText", { fee: page.fee }) : t("pro.feeNone")}</p>
        </HeadedSection>
        <HeadedSection id="pro-how" heading={t("pro.howTitle")} {...OFFER_CARD}>
          <ol className="flex list-decimal flex-col gap-2 pl-5">
            <li>{t("pro.how1")}</li>
            <li>{t("pro.how2")}</li>
            <li>{t("pro.how3")}</li>
          </ol>
        </HeadedSection>
      </div>

      <section aria-labelledby="pro-apply" className="max-w-3xl">
        {page.state === "guest" ? (
          <>
            <h2 id="pro-apply" className="mb-2 text-xl font-semibold">
              {t("pro.signInTitle")}
            </h2>
            <p className="mb-4">{t("pro.signInText")}</p>
            <div className="flex flex-wrap gap-3">
              <a href={page.signIn} className="button-primary">
                {t("pro.signIn")}
              </a>
              <a href={page.register} className="button-secondary">
                {t("pro.register")}
              </a>
            </div>
          </>
        ) : page.state === "seller" ? (
          <>
            <h2 id="pro-apply" className="mb-2 text-xl font-semibold">
              {t("pro.sellerTitle")}
            </h2>
            <p className="mb-4">{t("pro.sellerText")}</p>
            <LocaleLink to="/site-pro" className="button-primary">
              {t("pro.toListings")}
            </LocaleLink>
          </>
        ) : page.state === "pending" ? (
          <div role="status" className="rounded-xl bg-surface-muted p-5">
            <h2 id="pro-apply" className="mb-2 text-xl font-semibold">
              {t("pro.pendingTitle")}
            </h2>
            {page.sent ? <p className="mb-2 font-medium">{t("pro.sent")}</p> : null}
            <p>{t("pro.pendingText", { company: page.application?.company ?? "", date: page.application?.date ?? "" })}</p>
          </div>
        ) : (
          <>
            <h2 id="pro-apply" className="mb-2 text-xl font-semibold">
              {t("pro.formTitle")}
            </h2>
            {page.application?.status === "rejected" ? (
              <p role="status" className="mb-4 rounded-lg bg-surface-muted px-4 py-3">
                {t("pro.rejectedText", { date: page.application.date })}
              </p>
            ) : null}
            <ApplicationForm lastResult={lastResult} defaults={{}} />
          </>
        )}
      </section>
    </ProLayout>
  );
}
