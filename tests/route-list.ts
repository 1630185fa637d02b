import type { RouteConfigEntry } from "@remix-run/route-config";
import routes from "../app/routes";

// The shop's routes as app/routes.ts maps them: each module with the whole
// URL pattern it answers (its parents' paths joined), for the tests that
// walk every route.

export type RouteEntry = { file: string; pattern: string; index: boolean };

function flatten(entries: RouteConfigEntry[], prefix: string): RouteEntry[] {
  return entries.flatMap((entry) => {
    const pattern = entry.path ? (prefix ? `${prefix}/${entry.path}` : entry.path) : prefix;
    return [{ file: entry.file, pattern: `/${pattern}`, index: entry.index === true }, ...flatten(entry.children ?? [], pattern)];
  });
}

export const ROUTES: RouteEntry[] = flatten(routes, "");

/** A pattern with its parameters filled in: the optional language left out, `*` and each `:name` given `value`. */
export function samplePath(pattern: string, value: string, locale?: string) {
  const segments = pattern
    .split("/")
    .filter((segment) => segment !== "")
    .map((segment) => (segment === ":locale?" ? (locale ?? "") : segment === "*" || segment.startsWith(":") ? value : segment))
    .filter((segment) => segment !== "");
  return `/${segments.join("/")}`;
}
