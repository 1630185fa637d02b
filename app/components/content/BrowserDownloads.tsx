import { useTranslation } from "~/hooks/use-translation";

// The unsupported-browser page's way out: where to get a current browser,
// as the unsupported-browser modal offers it. The page's own text comes
// from the database as plain text, which carries no links.
const BROWSERS = [
  { name: "Google Chrome", href: "https://www.google.com/chrome/" },
  { name: "Mozilla Firefox", href: "https://www.mozilla.org/firefox/" },
  { name: "Microsoft Edge", href: "https://www.microsoft.com/edge" },
  { name: "Apple Safari", href: "https://www.apple.com/safari/" },
];

export function BrowserDownloads() {
  const { t } = useTranslation();
  return (
    <div className="mt-8">
      <p className="font-semibold">{t("unsupported.download")}</p>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {BROWSERS.map((browser) => (
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
