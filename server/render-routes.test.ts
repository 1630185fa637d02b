import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type * as RemixReact from "@remix-run/react";
import type * as ReactRouter from "react-router";
import type * as Router from "@remix-run/router";
import type * as React from "react";
import type * as ReactDomServer from "react-dom/server";

// The render's routes with patches/@remix-run+react and
// patches/react-router-dom (decision 033): Remix's server render makes its
// route objects and the static router's data routes once per build, not per
// request, so the router finds the tree it has already flattened. The
// server loads the packages' CommonJS builds, the ones the patches change;
// one React is required with them so their contexts are shared.
const require = createRequire(import.meta.url);
const { RemixServer } = require("@remix-run/react") as typeof RemixReact;
const { Outlet, UNSAFE_DataRouterContext } = require("react-router") as typeof ReactRouter;
const { createStaticHandler } = require("@remix-run/router") as typeof Router;
const { createElement, useContext } = require("react") as typeof React;
const { renderToString } = require("react-dom/server") as typeof ReactDomServer;

const flags = { hasAction: false, hasClientAction: false, hasClientLoader: false, hasErrorBoundary: false, caseSensitive: false, index: false };
const manifestRoutes = {
  root: { ...flags, id: "root", path: "", hasLoader: false, module: "/root.js" },
  "routes/product": { ...flags, id: "routes/product", parentId: "root", path: "p/:slug", hasLoader: false, module: "/product.js" },
};

const seen: unknown[][] = [];
function Root() {
  seen.push(useContext(UNSAFE_DataRouterContext)!.router.routes);
  return createElement(Outlet);
}
function Product() {
  return createElement("h1", null, "product");
}

async function render(url: string, routeModules: Record<string, { default: () => unknown }>) {
  const handler = createStaticHandler([{ id: "root", path: "", children: [{ id: "routes/product", path: "p/:slug" }] }]);
  const staticHandlerContext = await handler.query(new Request(`http://localhost${url}`));
  if (staticHandlerContext instanceof Response) throw new Error("a redirect");
  const context = {
    manifest: { routes: manifestRoutes, entry: { module: "/entry.js", imports: [] }, url: "/manifest.js", version: "1" },
    routeModules,
    staticHandlerContext,
    future: {},
    isSpaMode: false,
    serverHandoffString: "{}",
    serializeError: (error: Error) => ({ message: error.message }),
    renderMeta: {},
  };
  return renderToString(createElement(RemixServer, { context: context as unknown as RemixReact.RemixServerProps["context"], url: `http://localhost${url}` }));
}

describe("the server render's routes", () => {
  it("are the same routes for every request of a build, each request rendering its own page", async () => {
    // Remix gives each request a new object of the same modules.
    const kept = { root: { default: Root }, "routes/product": { default: Product } };
    const modules = () => ({ ...kept });
    seen.length = 0;
    expect(await render("/p/dress-1", modules())).toContain("<h1>product</h1>");
    expect(await render("/p/dress-2", modules())).toContain("<h1>product</h1>");
    expect(await render("/", modules())).not.toContain("<h1>");
    expect(seen).toHaveLength(3);
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).toBe(seen[0]);
  });

  it("are made again when a route's module changes, as in development", async () => {
    seen.length = 0;
    function Changed() {
      return createElement("h1", null, "changed");
    }
    await render("/p/dress-1", { root: { default: Root }, "routes/product": { default: Product } });
    expect(await render("/p/dress-1", { root: { default: Root }, "routes/product": { default: Changed } })).toContain("<h1>changed</h1>");
    expect(seen[1]).not.toBe(seen[0]);
  });
});
