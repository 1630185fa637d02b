import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, isRouteErrorResponse, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/AppShell";
import { ErrorScreen } from "~/components/ErrorScreen";
import { NotFoundPage } from "~/components/NotFoundPage";
import { selectCurrency } from "~/models/sites/currency";
import { localeForPath } from "~/models/sites/locale-rules";
import { errorMeta } from "~/platform/meta";
import { isNotFoundData } from "~/platform/not-found";
import { readPreferences } from "~/platform/preferences.server";
import { listTopCategories } from "~/models/catalogue/catalogue.server";
import { siteForRequest } from "~/models/sites/sites.server";

export const meta: MetaFunction<typeof loader> = ({ error, matches }) => (error ? errorMeta(matches, error) : []);

// Every page of the shop lives under one of its site's languages: /lt,
// /en/faq... Any other path is sent to the same path under the saved
// language, else the site's default, else its first (spec 2).
export async function loader({ request }: LoaderFunctionArgs) {
  const [site, preferences] = await Promise.all([siteForRequest(request), readPreferences(request)]);
  const url = new URL(request.url);
  const resolved = localeForPath(url.pathname, site, preferences.savedLocale);
  if (resolved.redirect !== undefined) throw redirect(`${resolved.redirect}${url.search}`);
  const categories = await listTopCategories(resolved.locale);
  return {
    shell: {
      site,
      categories,
      currency: selectCurrency(site.currencies, preferences.currencyId) ?? null,
      savedLocale: preferences.savedLocale ?? null,
      productLayout: preferences.productLayout,
    },
  };
}

export type ShellData = Awaited<ReturnType<typeof loader>>["shell"];

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
