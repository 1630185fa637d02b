import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { keepTextsFromPage } from "./platform/page-texts";

// The texts arrive in the page (platform/page-texts) and root.tsx hands them
// to every component (hooks/use-translation), so none are bundled here and
// no translation library loads in the browser (decision 021).
keepTextsFromPage();

const { SENTRY_DSN, SENTRY_ENVIRONMENT } = window.ENV ?? {};
if (SENTRY_DSN) {
  void import("./platform/sentry.client").then(({ initClientErrorReporting }) =>
    initClientErrorReporting(SENTRY_DSN, SENTRY_ENVIRONMENT ?? "production"),
  );
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
