import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { keepTextsFromPage } from "./platform/page-texts";

// The page names its texts file (platform/page-texts) and root.tsx hands the
// texts to every component (hooks/use-translation), so none are bundled here
// and no translation library loads in the browser (decision 021).
const textsRead = keepTextsFromPage();

const { SENTRY_DSN, SENTRY_ENVIRONMENT } = window.ENV ?? {};
if (SENTRY_DSN) {
  void import("./platform/sentry.client").then(({ initClientErrorReporting }) =>
    initClientErrorReporting(SENTRY_DSN, SENTRY_ENVIRONMENT ?? "production"),
  );
}

// Without its texts the page would hydrate into keys in place of words; it
// stays as the server drew it instead, working as it does without scripts.
void textsRead.then((read) => {
  if (!read) return;
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
});
