import type { ServerBuild } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";

// The route a request is counted under in the metrics (server/metrics.ts):
// the id of the Remix route that answers it, found as Remix finds it, so a
// label's values are as few as the routes, whatever URLs are asked for.

type RouteObject = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteObject[] };

/** One tree per build, so the router's flattening of it (decision 033) is kept too. */
const trees = new WeakMap<ServerBuild["routes"], RouteObject[]>();

function treeOf(routes: ServerBuild["routes"]): RouteObject[] {
  let tree = trees.get(routes);
  if (!tree) {
    const children = (parentId: string | undefined): RouteObject[] =>
      Object.values(routes)
        .filter((route) => route.parentId === parentId)
        .map(({ id, path, index, caseSensitive }) => ({ id, path, index, caseSensitive, children: children(id) }));
    tree = children(undefined);
    trees.set(routes, tree);
  }
  return tree;
}

/** The route id for a request's path; single-fetch data requests (/x.data, /_root.data) count under their page's route. */
export function routeLabelOf(build: Pick<ServerBuild, "routes">, pathname: string) {
  if (pathname === "/__manifest") return "(manifest)";
  const path = pathname.endsWith(".data") ? pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") : pathname;
  return matchRoutes(treeOf(build.routes) as Parameters<typeof matchRoutes>[0], path)?.at(-1)?.route.id ?? "(unmatched)";
}
