import { flatRoutes } from "@remix-run/fs-routes";
import { type RouteConfig } from "@remix-run/route-config";

// The routes are the files in app/routes, named as Remix's flat routes
// convention names them (decision 001); tests beside them are not routes.
export default flatRoutes({ ignoredRouteFiles: ["**/*.test.{ts,tsx}", "**/.*"] }) satisfies RouteConfig;
