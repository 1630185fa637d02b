import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, isRouteErrorResponse, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/AppShell";
import { ErrorScreen } from "~/components/ErrorScreen";
import { NotFoundPage } from "~/components/NotFoundPage";
import { DEFAULT_LOCALE, isLocale } from "~/lib/i18n";
import { savedLocaleCookie } from "~/lib/locale-cookie.server";
import { errorMeta } from "~/lib/meta";
import { isNotFoundData } from "~/lib/not-found";
import { listTopCategories } from "~/models/catalogue.server";
import { hostName, siteForHost } from "~/models/sites.server";

export const meta: MetaFunction<typeof loader> = ({ error, matches }) => (error ? errorMeta(matches, error) : []);

// Every page of the shop lives under its language: /lt, /en/faq, ... A path
// without a valid language prefix is sent to the same path under one.
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!isLocale(params.locale)) {
    const url = new URL(request.url);
    const path = url.pathname === "/" ? "" : url.pathname;
    const saved: unknown = await savedLocaleCookie.parse(request.headers.get("cookie"));
    throw redirect(`/${isLocale(saved) ? saved : DEFAULT_LOCALE}${path}${url.search}`);
  }
  const [site, categories] = await Promise.all([siteForHost(hostName(request)), listTopCategories(params.locale)]);
  return { shell: { site, categories } };
}

export default function LocaleLayout() {
  const { shell } = useLoaderData<typeof loader>();
  return (
    <AppShell shell={shell}>
      <Outlet />
    </AppShell>
  );
}

/**
 * A page of the shop that is not found keeps the header and footer; every
 * other error, and a fatal 404, gets the full-page error screen.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("routes/($locale)");
  const nonFatal404 =
    isRouteErrorResponse(error) && error.status === 404 && !(isNotFoundData(error.data) && error.data.fatal);
  if (data && nonFatal404) {
    return (
      <AppShell shell={data.shell}>
        <NotFoundPage />
      </AppShell>
    );
  }
  return <ErrorScreen />;
}
