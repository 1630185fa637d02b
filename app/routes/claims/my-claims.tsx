import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AccountLayout } from "~/components/account/AccountLayout";
import { ClaimAnswers, ClaimList } from "~/components/claims/ClaimList";
import { LocaleLink } from "~/components/LocaleLink";
import { useTranslation } from "~/hooks/use-translation";
import { formatDate } from "~/lib/format";
import { listClaims } from "~/models/claims/claims.server";
import { defineGuards } from "~/web/guards.server";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/web/locale-param";
import { privatePage } from "~/web/private-page";

// /my-claims: the signed-in customer's warranty and marketplace claims,
// newest first, each with its order and status, and below them what we
// answered from the back office (docs/claims.md).
const guard = defineGuards("auth");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await guard({ request, params });
  const [t, claims] = await Promise.all([i18nServer.getFixedT(localeParam(params)), listClaims(user.id)]);
  return {
    title: t("claims.list.title"),
    claims: claims.map(({ created_at, answers, ...claim }) => ({ ...claim, date: formatDate(created_at), answers: answers.map((answer) => ({ body: answer.body, date: formatDate(answer.created_at) })) })),
  };
}

export default function MyClaimsPage() {
  const { title, claims } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <AccountLayout title={title}>
      <p className="mb-4">
        <LocaleLink to="/claim-form" className="button-secondary inline-block">
          {t("claims.list.new")}
        </LocaleLink>
      </p>
      {claims.length === 0 ? <p>{t("claims.list.empty")}</p> : <ClaimList claims={claims} />}
      <ClaimAnswers claims={claims} />
    </AccountLayout>
  );
}
