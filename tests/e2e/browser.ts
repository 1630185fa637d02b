import { existsSync } from "node:fs";

/** Debian's Chromium, or the one CHROMIUM_PATH names; Playwright downloads none. */
export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((path): path is string => Boolean(path && existsSync(path)));
}

/**
 * The browser the suite drives: Chromium's headless shell where it is
 * installed (Debian's chromium-headless-shell, the build Playwright itself
 * runs headless), else the whole Chromium. The shell draws pages with the
 * same engine for about a third less of the machine (decision 060).
 */
export function suiteBrowserPath() {
  if (process.env.CHROMIUM_PATH) return chromiumPath();
  return existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : chromiumPath();
}

/** Debian's nginx, for the shared cache's test (deploy/nginx.conf). */
export const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((path) => existsSync(path));

/**
 * A desktop Chrome's user agent, for requests made outside a browser that
 * must be answered as a person's: fetch's own is a robot's, whose pages are
 * drawn whole and never shared (app/web/guest-cache.server.ts).
 */
export const BROWSER_USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
