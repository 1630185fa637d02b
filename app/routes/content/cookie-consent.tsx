import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useLocale } from "~/hooks/use-locale";
import { ConsentChoices } from "~/components/marketing/ConsentChoices";
import { useTranslation } from "~/hooks/use-translation";
import { localePath } from "~/lib/i18n";
import { consentAnswer } from "~/models/marketing/consent.server";
import { consentChoices } from "~/web/marketing.server";
import { siteForRequest } from "~/web/sites.server";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/web/locale-param";
import { safeRedirect } from "~/web/safe-redirect";
import { pageMeta } from "~/web/seo";

// /cookie-consent (decision 029): the footer's "Cookie settings" page, and
// where the banner's form posts. The answer is a cookie and a redirect back
// to the page the visitor was on, so it works without JavaScript.

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  data ? pageMeta({ matches, location }, { title: data.title, noindex: true }) : [];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = localeParam(params);
  const [site, t] = await Promise.all([siteForRequest(request), i18nServer.getFixedT(locale)]);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), localePath(locale, "/"));
  return { title: t("consent.settingsTitle"), redirectTo, ...consentChoices(request, site, locale) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const locale = localeParam(params);
  const form = Object.fromEntries(await request.formData());
  // Where to go is settled before anything is recorded: the settings page
  // names it; the banner, on whatever page the visitor was, is sent from
  // that page (the shop's referrer policy keeps same-origin paths).
  const back = safeRedirect(form.redirectTo ?? refererPath(request), localePath(locale, "/"));
  const setCookie = consentAnswer(form, await siteForRequest(request), locale);
  if (!setCookie) throw new Response(null, { status: 400 });
  return redirect(back, { headers: { "set-cookie": setCookie } });
}

/** The page the form was sent from, when it is one of this site's. */
function refererPath(request: Request) {
  try {
    const from = new URL(request.headers.get("referer") ?? "");
    return from.host === new URL(request.url).host ? `${from.pathname}${from.search}` : null;
  } catch {
    return null;
  }
}

export default function CookieConsent() {
  const { title, redirectTo, offered, allowed } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      <p className="text-ink-muted">{offered.length ? t("consent.intro") : t("consent.nothingToAsk")}</p>
      {offered.length ? <ConsentChoices locale={locale} offered={offered} allowed={allowed} redirectTo={redirectTo} idPrefix="consent-settings" /> : null}
    </div>
  );
}
