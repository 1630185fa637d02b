import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FaqGroup } from "~/components/content/FaqList";
import { FaqSearchForm } from "~/components/content/FaqSearchForm";
import { JsonLd } from "~/components/content/JsonLd";
import { LocaleLink } from "~/components/LocaleLink";
import { useTranslation } from "~/hooks/use-translation";
import { faqPage } from "~/models/content/faq.server";
import { faqPageJsonLd } from "~/models/content/json-ld";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/web/locale-param";
import { pageMeta } from "~/web/seo";

// /faq (spec 2): the questions by category, a search within them (?q=),
// and FAQPage data of the questions shown. The same for every guest: a
// shared cache may keep it (platform/guest-cache.server.ts, decision 025).

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  // A search's answers are not a page of their own for search engines.
  data ? pageMeta({ matches, location }, { title: data.title, description: data.description, noindex: data.faq.searched }) : [];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = localeParam(params);
  const q = new URL(request.url).searchParams.get("q");
  const [faq, t] = await Promise.all([faqPage(locale, q), i18nServer.getFixedT(locale)]);
  return { title: t("faq.title"), description: t("faq.description"), faq };
}

export default function Faq() {
  const { title, faq } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      <FaqSearchForm query={faq.query} />
      {faq.searched ? (
        <p role="status" className="flex flex-wrap items-center gap-3">
          <span>{faq.entries.length > 0 ? t("faq.found", { number: faq.entries.length, query: faq.query }) : t("faq.notFound", { query: faq.query })}</span>
          <LocaleLink to="/faq" className="link">
            {t("faq.showAll")}
          </LocaleLink>
        </p>
      ) : null}
      {faq.groups.map((group) => (
        // Found answers are shown open: the reader searched for them.
        <FaqGroup key={group.category} category={group.category} entries={group.entries} open={faq.searched} />
      ))}
      {faq.entries.length > 0 ? <JsonLd data={faqPageJsonLd(faq.entries)} /> : null}
    </div>
  );
}
