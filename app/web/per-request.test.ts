import { createRequestHandler, type ServerBuild } from "@remix-run/server-runtime";
import { describe, expect, it } from "vitest";
import { perRequest } from "./per-request.server";

/** A site of two nested routes whose loaders each ask perRequest for the same value. */
function twoLoaders(compute: () => Promise<number>, searches: string[]) {
  const loader = async ({ request }: { request: Request }) => {
    searches.push(new URL(request.url).search);
    return { value: await perRequest(request, "site", compute) };
  };
  const route = (id: string, parentId: string | undefined, path: string) => ({ id, parentId, path, module: { default: () => null, loader } });
  const manifestRoute = (id: string, parentId: string | undefined, path: string) => ({ id, parentId, path, module: `/${id}.js`, hasLoader: true, hasAction: false, hasClientLoader: false, hasClientAction: false, hasErrorBoundary: false });
  return {
    mode: "production",
    entry: { module: { default: (_request: Request, status: number, headers: Headers) => new Response("page", { status, headers }) } },
    routes: { root: route("root", undefined, ""), "routes/page": route("routes/page", "root", "page") },
    assets: { entry: { module: "/entry.js", imports: [] }, routes: { root: manifestRoute("root", undefined, ""), "routes/page": manifestRoute("routes/page", "root", "page") }, url: "/manifest.js", version: "1" },
    publicPath: "/",
    assetsBuildDirectory: "public",
    future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_routeConfig: true, v3_singleFetch: true, v3_lazyRouteDiscovery: true, unstable_optimizeDeps: false },
    isSpaMode: false,
  } as unknown as ServerBuild;
}

describe("perRequest", () => {
  it("works a value out once per request and key", async () => {
    let calls = 0;
    const compute = async () => ++calls;
    const request = new Request("http://localhost/");
    expect(await Promise.all([perRequest(request, "site", compute), perRequest(request, "site", compute)])).toEqual([1, 1]);
    expect(await perRequest(request, "other", compute)).toBe(2);
    expect(await perRequest(new Request("http://localhost/"), "site", compute)).toBe(3);
  });

  // Remix hands each loader a request of its own unless patched
  // (patches/@remix-run+server-runtime+2.17.5.patch): the layout and the page
  // would each work out the shopper's session again.
  it("is worked out once for all the loaders of a page, and of a browser's data request", async () => {
    let calls = 0;
    const searches: string[] = [];
    const handle = createRequestHandler(twoLoaders(async () => ++calls, searches));

    expect((await handle(new Request("http://localhost/page?sort=new"))).status).toBe(200);
    expect(calls).toBe(1);
    expect(searches).toEqual(["?sort=new", "?sort=new"]);

    // The routes a browser's data request names are its own business: both loaders see the address without them.
    searches.length = 0;
    expect((await handle(new Request("http://localhost/page.data?sort=new&_routes=root%2Croutes%2Fpage"))).status).toBe(200);
    expect(calls).toBe(2);
    expect(searches).toEqual(["?sort=new", "?sort=new"]);
  });
});
