import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LocaleLink } from "~/components/LocaleLink";
import { StoreBadge } from "~/components/quotes/StoreBadge";
import { useTranslation } from "~/hooks/use-translation";
import { listStores } from "~/models/quotes/quotes.server";
import { siteForRequest } from "~/web/sites.server";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/web/locale-param";
import { pageMeta } from "~/web/seo";

// /stores (quotes-all-stores, spec 2): the foreign shops this site buys
// from for quotes. A link from one of them is recognised on the order form.

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  data ? pageMeta({ matches, location }, { title: data.title, description: data.intro }) : [];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = localeParam(params);
  const [site, t] = await Promise.all([siteForRequest(request), i18nServer.getFixedT(locale)]);
  return { title: t("stores.title"), intro: t("stores.intro"), stores: await listStores(site.id) };
}

export default function Stores() {
  const { title, intro, stores } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
        <p className="max-w-2xl text-ink-muted">{intro}</p>
        <LocaleLink to="/order-form" className="button-primary self-start">
          {t("stores.orderFrom")}
        </LocaleLink>
      </header>
      {stores.length === 0 ? (
        <p>{t("stores.empty")}</p>
      ) : (
        <ul aria-label={t("stores.listLabel")} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {stores.map((store) => (
            <li key={store.id} className="flex items-center gap-3 rounded-xl border border-line p-4">
              <StoreBadge name={store.name} logo={store.logo} />
              <div className="min-w-0">
                <p className="font-semibold">{store.name}</p>
                <a href={`https://${store.domain}`} rel="noopener noreferrer nofollow" className="link text-sm break-all">
                  {t("stores.visit", { domain: store.domain })}
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
