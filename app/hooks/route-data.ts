import { useRouteLoaderData } from "@remix-run/react";
import type { RootLoader } from "~/web/root-loader.server";
import type { shellLoader } from "~/web/shell-loader.server";

// The data every page's parent routes load, for the components and hooks
// that show it: the root's (the visitor) and the shop layout's (the site and
// its shell). Undefined where the route did not load, as on an error page
// above it.

export const useRootData = () => useRouteLoaderData<RootLoader>("root");
export const useShellData = () => useRouteLoaderData<typeof shellLoader>("routes/layout");
