import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ClaimPage } from "~/components/claims/ClaimForm";
import { claimFormPage, submitClaim } from "~/web/claims/claim-page.server";
import { siteForRequest } from "~/web/sites.server";
import { defineGuards } from "~/web/guards.server";
import { openPage } from "~/web/page-start.server";
import { localeParam } from "~/web/locale-param";
import { pageMeta } from "~/web/seo";

// /claim-form-pro (spec 2, guard "marketplace"): the claim form for
// marketplace orders only, on a site that has the marketplace.
const guard = defineGuards("marketplace");
const PATH = "/claim-form-pro";

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  data ? pageMeta({ matches, location }, { title: data.title, description: data.intro }) : [];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, t } = await openPage(guard, { request, params });
  return { title: t("claims.titlePro"), intro: t("claims.introPro"), page: await claimFormPage(request, user, "marketplace") };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const [user, site] = await Promise.all([guard({ request, params }), siteForRequest(request)]);
  return submitClaim({ request, user, site, locale: localeParam(params), clientIp: context.clientIp, kind: "marketplace", path: PATH });
}

export default function ClaimFormProRoute() {
  const { title, intro, page } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return <ClaimPage title={title} intro={intro} page={page} reply={reply} path={PATH} />;
}
