import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { hydrationHolds } from "./lib/hydration-holds";
import { keepTextsFromPage } from "./platform/page-texts";
import wholeStylesheet from "./tailwind.css?url";

// The page names its texts file (platform/page-texts) and root.tsx hands the
// texts to every component (hooks/use-translation), so none are bundled here
// and no translation library loads in the browser (decision 021).
const textsRead = keepTextsFromPage();

// A guest's page carries only the rules its own markup uses (decision 044);
// what the scripts draw from here on (a dialog, the next page) may need any
// other, so the whole sheet is linked, from the cache after the first visit,
// and the page hydrates once it is here, has failed to come, or has kept it
// waiting SHEET_WAIT_MS: a stalled sheet must not keep the page from coming alive.
const SHEET_WAIT_MS = 4_000;
const sheetRead = document.querySelector("style[data-page-only]")
  ? new Promise<void>((resolve) => {
      const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: wholeStylesheet });
      link.addEventListener("load", () => resolve());
      link.addEventListener("error", () => resolve());
      setTimeout(resolve, SHEET_WAIT_MS);
      document.head.append(link);
    })
  : undefined;

const { SENTRY_DSN, SENTRY_ENVIRONMENT } = window.ENV ?? {};
if (SENTRY_DSN) {
  void import("./platform/sentry.client").then(({ initClientErrorReporting }) =>
    initClientErrorReporting(SENTRY_DSN, SENTRY_ENVIRONMENT ?? "production"),
  );
}

// Without its texts the page would hydrate into keys in place of words; it
// stays as the server drew it instead, working as it does without scripts.
void Promise.all([textsRead, sheetRead, hydrationHolds()]).then(([read]) => {
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
