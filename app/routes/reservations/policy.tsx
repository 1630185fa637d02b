import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BodyText } from "~/components/content/BodyText";
import { getPage } from "~/models/content/content.server";
import { siteForRequest } from "~/web/sites.server";
import { defineGuards } from "~/web/guards.server";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/web/locale-param";
import { pageMeta } from "~/web/seo";

// /reservation-policy (spec 2, guard marketplace): the operator's content
// page of that slug, its headings and paragraphs written by the content
// room's BodyText; a site whose content has none shows the policy the
// reservation actually follows.
const guard = defineGuards("marketplace");
const POLICY_PARAGRAPHS = ["allocation", "confirming", "arrival", "cancelling"] as const;

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  data ? pageMeta({ matches, location }, { title: data.page.title, description: data.page.description }) : [];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await guard({ request, params });
  const locale = localeParam(params);
  const page = await getPage(locale, "reservation-policy", (await siteForRequest(request)).id);
  if (page) return { page: { title: page.title, description: page.description, body: page.body } };
  const t = await i18nServer.getFixedT(locale);
  return {
    page: {
      title: t("reservation.policy.title"),
      description: t("reservation.policy.description"),
      body: POLICY_PARAGRAPHS.map((key) => t(`reservation.policy.${key}`)).join("\n\n"),
    },
  };
}

export default function ReservationPolicy() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <article className="prose mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">{page.title}</h1>
      <BodyText body={page.body} />
    </article>
  );
}
