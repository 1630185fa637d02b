import { type MetaFunction } from "@remix-run/node";
import { Outlet, isRouteErrorResponse, type ShouldRevalidateFunction, useLoaderData, useRouteError } from "@remix-run/react";
import { AppShell } from "~/components/AppShell";
import { DeferredErrorScreen } from "~/components/DeferredErrorScreen";
import { NotFoundPage } from "~/components/NotFoundPage";
import { usePageViews } from "~/hooks/use-data-layer";
import { useShellData } from "~/hooks/route-data";
import { errorMeta } from "~/web/meta";
import { isNotFoundData } from "~/web/not-found-data";
import { shellLoader } from "~/web/shell-loader.server";

// Every page of the shop lives under one of its site's languages (spec 2):
// this layout draws the shop's header and footer around them, from the
// data web/shell-loader.server.ts reads, and the not-found page inside them.

export const meta: MetaFunction<typeof loader> = ({ error, matches }) => (error ? errorMeta(matches, error) : []);

export const loader = shellLoader;

// The loader's redirect check runs on every page path, so the layout's loader
// runs again whenever the path changes, not only when its own part does.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

export default function LocaleLayout() {
  const { shell } = useLoaderData<typeof loader>();
  usePageViews(shell.site.currencies);
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
  const data = useShellData();
  usePageViews(data?.shell.site.currencies);
  const nonFatal404 =
    isRouteErrorResponse(error) && error.status === 404 && !(isNotFoundData(error.data) && error.data.fatal);
  if (data && nonFatal404) {
    return (
      <AppShell shell={data.shell}>
        <NotFoundPage />
      </AppShell>
    );
  }
  return <DeferredErrorScreen />;
}
