import { existsSync } from "node:fs";

/** Debian's Chromium, or the one CHROMIUM_PATH names; Playwright downloads none. */
export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((path): path is string => Boolean(path && existsSync(path)));
}

/** Debian's nginx, for the shared cache's test (deploy/nginx.conf). */
export const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((path) => existsSync(path));
