import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LocaleLink } from "~/components/LocaleLink";
import { useDataLayer } from "~/hooks/use-data-layer";
import { useTranslation } from "~/hooks/use-translation";
import { getSessionUser } from "~/web/accounts/sessions.server";
import { submittedQuote } from "~/models/quotes/quotes.server";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/web/locale-param";
import { privatePage } from "~/web/private-page";

// /order-successful (spec 2): the quote request is sent. Its owner sees
// the QU number and the link to it; the QuSubmit event (spec 9) is pushed
// once per quote, however often the page is opened.

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = localeParam(params);
  const [t, user] = await Promise.all([i18nServer.getFixedT(locale), getSessionUser(request)]);
  const slug = new URL(request.url).searchParams.get("quote") ?? "";
  const quote = user && slug ? await submittedQuote(slug, user.id) : null;
  return { title: t("quotes.successTitle"), quote };
}

export default function OrderSuccessful() {
  const { title, quote } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  useDataLayer((b, rate) => quote && b.quoteSubmitEvent(quote, rate), quote?.slug ?? "", true);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col items-start gap-4 px-4 py-12">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      {quote ? (
        <>
          <p>{t("quotes.successText", { number: quote.number })}</p>
          <div className="flex flex-wrap items-center gap-4">
            <LocaleLink to={`/quotes/${quote.slug}`} className="button-primary">
              {t("quotes.seeQuote")}
            </LocaleLink>
            <LocaleLink to="/order-form" className="link">
              {t("quotes.newQuote")}
            </LocaleLink>
          </div>
        </>
      ) : (
        <>
          <p>{t("quotes.successPlain")}</p>
          <LocaleLink to="/quotes" className="link">
            {t("quotes.title")}
          </LocaleLink>
        </>
      )}
    </div>
  );
}
