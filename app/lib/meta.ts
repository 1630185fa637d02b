import type { MetaFunction } from "@remix-run/node";

type Matches = Parameters<MetaFunction>[0]["matches"];

/** "Page title | Site name", the site's name coming from the layout's data. */
export function pageTitle(matches: Matches, title: string) {
  const layout = matches.find((match) => match.id === "routes/($locale)")?.data as
    | { shell?: { site?: { name?: string } } }
    | undefined;
  const site = layout?.shell?.site?.name;
  return site ? `${title} | ${site}` : title;
}
