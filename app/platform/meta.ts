import type { MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import type en from "~/locales/en";

type Matches = Parameters<MetaFunction>[0]["matches"];

/** "Page title | Site name", the site's name coming from the layout's data. */
export function pageTitle(matches: Matches, title: string) {
  const layout = matches.find((match) => match.id === "routes/($locale)")?.data as
    | { shell?: { site?: { name?: string } } }
    | undefined;
  const site = layout?.shell?.site?.name;
  return site ? `${title} | ${site}` : title;
}

/** The texts of the page's language, from the root loader's data. */
function texts(matches: Matches) {
  return (matches.find((match) => match.id === "root")?.data as { translations?: typeof en } | undefined)?.translations;
}

/** Title of a page that shows an error, or "not found" for a 404; never indexed. */
export function errorMeta(matches: Matches, error: unknown) {
  return notFoundOrErrorMeta(matches, isRouteErrorResponse(error) && error.status === 404);
}

export function notFoundOrErrorMeta(matches: Matches, notFound: boolean) {
  const t = texts(matches);
  const title = (notFound ? t?.page.notFoundTitle : t?.error.unexpected) ?? (notFound ? "Page not found" : "Error");
  return [{ title: pageTitle(matches, title) }, { name: "robots", content: "noindex" }];
}
