import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { useSetAtom } from "jotai";
import { useEffect } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { isDeployError } from "~/platform/error-reporting";
import { isNotFoundData } from "~/web/not-found-data";
import { navigationFailedAtom } from "~/state/ui";
import { ERROR_SCREEN_ATTRIBUTE } from "./error-screen-attribute";
import { useRootData } from "~/hooks/route-data";

/**
 * The full-page error screen of spec 2 and 8. Search bots get only a bare
 * title, so an outage never lands in a search index as the shop's content.
 */
export function ErrorScreen() {
  const error = useRouteError();
  const root = useRootData();
  const { t } = useTranslation();
  const location = useLocation();
  const setFailed = useSetAtom(navigationFailedAtom);
  useEffect(() => setFailed(true), [setFailed, error]);

  const isBot = root?.isBot ?? false;
  const debug = root?.env.DEBUG_ERRORS ?? false;
  const fatalNotFound = isRouteErrorResponse(error) && error.status === 404 && isNotFoundData(error.data) ? error.data : null;

  if (fatalNotFound || (isRouteErrorResponse(error) && error.status === 404)) {
    const path = fatalNotFound?.path ?? location.pathname;
    return (
      <Screen title={t("error.notFoundPath", { path })}>
        {isBot ? null : <HomeButton label={t("error.homepage")} />}
      </Screen>
    );
  }

  // A request the server refused for its content (a value out of range), or
  // could not answer while its database was away: the message says which.
  const known = isRouteErrorResponse(error) && (error.status === 400 || error.status === 503) && typeof error.data?.messageKey === "string" ? (error.data.messageKey as string) : null;
  if (known) {
    return (
      <Screen title={t(known)}>
        {isRouteErrorResponse(error) && error.status === 503 ? (
          // A plain link to the page itself asks again, with or without JavaScript.
          <a href={`${location.pathname}${location.search}`} className="button-primary">
            {t("error.refresh")}
          </a>
        ) : (
          <HomeButton label={t("error.homepage")} />
        )}
      </Screen>
    );
  }

  if (isBot) return <Screen title={t("error.unexpected")} />;

  if (isDeployError(error)) {
    return (
      <Screen title={t("error.deployTitle")} subtitle={t("error.deploySubtitle")}>
        {/* A plain link to the page itself reloads it, with or without JavaScript. */}
        <a href={`${location.pathname}${location.search}`} className="button-primary">
          {t("error.refresh")}
        </a>
      </Screen>
    );
  }

  return (
    <Screen title={t("error.unexpected")} subtitle={t("error.trying-to-resolve")}>
      <HomeButton label={t("error.homepage")} />
      {debug ? <ErrorDetails error={error} label={t("error.details")} /> : null}
    </Screen>
  );
}

function Screen({ title, subtitle, children }: { title: string; subtitle?: string; children?: React.ReactNode }) {
  return (
    <main id="main" {...{ [ERROR_SCREEN_ATTRIBUTE]: "" }} className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      {subtitle ? <p className="text-ink-muted">{subtitle}</p> : null}
      {children}
    </main>
  );
}

function HomeButton({ label }: { label: string }) {
  return (
    <a href="/" className="button-primary">
      {label}
    </a>
  );
}

function ErrorDetails({ error, label }: { error: unknown; label: string }) {
  const text =
    error instanceof Error
      ? `${error.message}\n\n${error.stack ?? ""}`
      : isRouteErrorResponse(error)
        ? `${error.status} ${error.statusText}\n${JSON.stringify(error.data, null, 2)}`
        : String(error);
  return (
    <details className="w-full text-left">
      <summary className="cursor-pointer text-sm text-ink-muted">{label}</summary>
      <pre className="mt-2 overflow-auto rounded bg-surface-muted p-3 text-xs" data-testid="error-details">
        {text}
      </pre>
    </details>
  );
}
