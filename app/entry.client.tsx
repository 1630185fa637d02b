import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { DEFAULT_LOCALE, i18nOptions, isLocale } from "./lib/i18n";

// The texts arrive with the root loader's data; root.tsx hands them to
// i18next before anything renders (useLocaleTexts), so none are bundled here.
const locale = document.documentElement.dataset.locale;
void i18next.use(initReactI18next).init({
  ...i18nOptions,
  lng: isLocale(locale) ? locale : DEFAULT_LOCALE,
  resources: {},
  initImmediate: false,
});

const { SENTRY_DSN, SENTRY_ENVIRONMENT } = window.ENV ?? {};
if (SENTRY_DSN) {
  void import("./platform/sentry.client").then(({ initClientErrorReporting }) =>
    initClientErrorReporting(SENTRY_DSN, SENTRY_ENVIRONMENT ?? "production"),
  );
}

startTransition(() => {
  hydrateRoot(
    document,
    <I18nextProvider i18n={i18next}>
      <StrictMode>
        <RemixBrowser />
      </StrictMode>
    </I18nextProvider>,
  );
});
