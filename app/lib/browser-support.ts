/** Spec 4: Internet Explorer, Edge before 18 and Safari before 12. */
export function isUnsupportedBrowser(userAgent: string) {
  if (/MSIE |Trident\//.test(userAgent)) return true;
  const edge = /Edge\/(\d+)/.exec(userAgent);
  if (edge && Number(edge[1]) < 18) return true;
  const safari = /Version\/(\d+)[.\d]* (Mobile\/\S+ )?Safari\//.exec(userAgent);
  if (safari && !/Chrome|Chromium|CriOS|Android/.test(userAgent) && Number(safari[1]) < 12) return true;
  return false;
}

/** Where to get a current browser, offered by the unsupported-browser modal and page. */
export const CURRENT_BROWSERS = [
  { name: "Google Chrome", href: "https://www.google.com/chrome/" },
  { name: "Mozilla Firefox", href: "https://www.mozilla.org/firefox/" },
  { name: "Microsoft Edge", href: "https://www.microsoft.com/edge" },
  { name: "Apple Safari", href: "https://www.apple.com/safari/" },
] as const;
