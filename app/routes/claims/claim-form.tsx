import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ClaimPage } from "~/components/claims/ClaimForm";
import { useTranslation } from "~/hooks/use-translation";
import { claimFormPage, submitClaim } from "~/web/claims/claim-page.server";
import { getSessionUser } from "~/web/accounts/sessions.server";
import { siteForRequest } from "~/web/sites.server";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/web/locale-param";
import { pageMeta } from "~/web/seo";

// /claim-form (spec 2): a warranty claim for a marketplace or quote order.
// A signed-in customer chooses one of their orders; a guest gives the
// order's number and email (docs/claims.md).
const PATH = "/claim-form";

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  data ? pageMeta({ matches, location }, { title: data.title, description: data.intro }) : [];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  const t = await i18nServer.getFixedT(localeParam(params));
  return { title: t("claims.title"), intro: t("claims.intro"), page: await claimFormPage(request, user, "warranty") };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const [user, site] = await Promise.all([getSessionUser(request), siteForRequest(request)]);
  return submitClaim({ request, user, site, locale: localeParam(params), clientIp: context.clientIp, kind: "warranty", path: PATH });
}

export default function ClaimFormRoute() {
  const { title, intro, page } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <ClaimPage title={title} intro={intro} page={page} reply={reply} path={PATH}>
      <p className="mt-8 text-sm text-ink-muted">{t("claims.warrantyNote")}</p>
    </ClaimPage>
  );
}
