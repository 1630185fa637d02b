import type { MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import type en from "~/locales/en";
import { keptTexts } from "~/platform/page-texts";

type Matches = Parameters<MetaFunction>[0]["matches"];

/** "Page title | Site name", the site's name coming from the layout's data. */
export function pageTitle(matches: Matches, title: string) {
  const layout = matches.find((match) => match.id === "routes/layout")?.data as
    | { shell?: { site?: { name?: string } } }
    | undefined;
  const site = layout?.shell?.site?.name;
  return site ? `${title} | ${site}` : title;
}

/** The texts of the page's language: in the root loader's data, or those the page came with. */
function texts(matches: Matches) {
  const root = matches.find((match) => match.id === "root")?.data as { locale?: string; translations?: typeof en } | undefined;
  return root?.translations ?? (keptTexts(root?.locale) as typeof en | undefined);
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
