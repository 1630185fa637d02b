import { useTranslation } from "~/hooks/use-translation";
import { CURRENT_BROWSERS } from "~/lib/browser-support";

// The unsupported-browser page's way out: where to get a current browser,
// as the unsupported-browser modal offers it. The page's own text comes
// from the database as plain text, which carries no links.

export function BrowserDownloads() {
  const { t } = useTranslation();
  return (
    <div className="mt-8">
      <p className="font-semibold">{t("unsupported.download")}</p>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {CURRENT_BROWSERS.map((browser) => (
          <li key={browser.name}>
            <a className="link underline" href={browser.href} rel="noopener noreferrer">
              {browser.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
