import fc from "fast-check";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type * as Router from "@remix-run/router";
// The package's browser build, which the patch leaves as React Router wrote it.
import * as browserBuild from "@remix-run/router/dist/router.js";

// The server's route matching with patches/@remix-run+router (decision 033):
// a route tree is flattened once per routes array, each path pattern
// compiled once, each parent route matched once per path and each pathname
// matched once per routes array, and matching answers exactly as before. The server loads
// the package's CommonJS build, the one the patch changes.
const { matchRoutes, matchPath } = createRequire(import.meta.url)("@remix-run/router") as typeof Router;
const unpatchedMatchRoutes = (browserBuild as unknown as typeof Router).matchRoutes;

type Route = Router.AgnosticRouteObject;

/** A route whose `path` counts how often it is read: flattening reads it, matching a flattened tree does not. */
function counted(route: Route, reads: { count: number }): Route {
  const { path, children, ...rest } = route;
  const out = { ...rest, ...(children ? { children: children.map((child) => counted(child, reads)) } : {}) } as Route;
  Object.defineProperty(out, "path", { enumerable: true, get: () => (reads.count++, path) });
  return out;
}

const tree = (): Route[] => [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "lang", path: ":lang?", children: [{ id: "product", path: "p/:slug" }, { id: "category", path: "c/*" }, { id: "search", path: "search" }] },
      { id: "health", path: "api/health" },
      { id: "about", path: "About", caseSensitive: true },
    ],
  },
];

const ids = (routes: Route[], path: string) => matchRoutes(routes, path)?.map((match) => match.route.id) ?? null;

describe("route matching", () => {
  it("matches static, optional, dynamic and splat paths as React Router does", () => {
    const routes = tree();
    expect(ids(routes, "/")).toEqual(["root", "home"]);
    expect(ids(routes, "/api/health")).toEqual(["root", "health"]);
    expect(ids(routes, "/en/search")).toEqual(["root", "lang", "search"]);
    expect(ids(routes, "/search")).toEqual(["root", "lang", "search"]);
    expect(matchRoutes(routes, "/lt/p/striped-dress-12")?.at(-1)?.params).toEqual({ lang: "lt", slug: "striped-dress-12" });
    expect(matchRoutes(routes, "/en/c/clothes/dresses")?.at(-1)?.params).toEqual({ lang: "en", "*": "clothes/dresses" });
    expect(ids(routes, "/en/p")).toBeNull();
  });

  it("answers the same the second time, without flattening the tree again", () => {
    const reads = { count: 0 };
    const routes = tree().map((route) => counted(route, reads));
    const first = matchRoutes(routes, "/en/p/dress-1");
    expect(reads.count).toBeGreaterThan(0);
    reads.count = 0;
    const second = matchRoutes(routes, "/en/p/dress-1");
    const other = matchRoutes(routes, "/api/health");
    expect(reads.count).toBe(0);
    expect(second).toEqual(first);
    expect(other?.map((match) => match.route.id)).toEqual(["root", "health"]);
  });

  it("answers a path matched before with match objects of its own, which the caller may change", () => {
    const routes = tree();
    const first = matchRoutes(routes, "/lt/p/striped-dress-12?apart=1")!;
    (first.at(-1)!.params as Record<string, string>).slug = "changed";
    first.pop();
    const again = matchRoutes(routes, "/lt/p/striped-dress-12?apart=2")!;
    expect(again.map((match) => match.route.id)).toEqual(["root", "lang", "product"]);
    expect(again.at(-1)!.params).toEqual({ lang: "lt", slug: "striped-dress-12" });
    // As React Router answers, the matches of one path share one params object.
    expect(again[0]!.params).toBe(again.at(-1)!.params);
    expect(again).not.toBe(first);
  });

  it("matches a new routes array by its own routes, never by a tree seen before", () => {
    const before = tree();
    expect(ids(before, "/api/health")).toEqual(["root", "health"]);
    const after = tree();
    const root = after[0] as Router.AgnosticNonIndexRouteObject;
    root.children = root.children!.filter((route) => route.id !== "health");
    // Without its own route, the path now falls to the optional language and finds nothing under it.
    expect(ids(after, "/api/health")).toBeNull();
    expect(ids(before, "/api/health")).toEqual(["root", "health"]);
  });

  it("answers as the unpatched router does, for any route tree and path", () => {
    const segment = fc.constantFrom("a", "b", "c", ":x", ":y", ":lang?", "b?");
    const path = fc.tuple(fc.array(segment, { minLength: 1, maxLength: 2 }), fc.constantFrom("", "/*", "*")).map(([parts, tail]) => parts.join("/") + (tail === "*" && parts.length ? "/*" : tail));
    type Shape = { path?: string; index?: boolean; caseSensitive?: boolean; children?: Shape[] };
    const { tree: shapes } = fc.letrec<{ tree: Shape[]; node: Shape }>((tie) => ({
      tree: fc.array(tie("node"), { maxLength: 4 }),
      node: fc.oneof(
        { depthSize: "small" },
        fc.record({ index: fc.constant(true) }),
        fc.record({ path: fc.option(path, { nil: undefined }), caseSensitive: fc.boolean(), children: tie("tree") }),
      ),
    }));
    const withIds = (tree: Shape[], prefix: string): Route[] => tree.map((shape, i) => ({ ...shape, id: `${prefix}${i}`, ...(shape.children ? { children: withIds(shape.children, `${prefix}${i}-`) } : {}) }) as Route);
    const pathname = fc.array(fc.constantFrom("a", "b", "c", "A", "x1", "en"), { maxLength: 4 }).map((parts) => `/${parts.join("/")}`);
    const answer = (matches: ReturnType<typeof matchRoutes>) => matches?.map(({ route, params, pathname, pathnameBase }) => ({ id: route.id, params: { ...params }, pathname, pathnameBase })) ?? null;
    fc.assert(
      fc.property(shapes, fc.array(pathname, { minLength: 1, maxLength: 8 }), (tree, paths) => {
        const routes = withIds(tree, "r");
        for (const path of paths) expect(answer(matchRoutes(routes, path))).toEqual(answer(unpatchedMatchRoutes(routes, path)));
      }),
      { numRuns: 500 },
    );
  });

  it("keeps a pattern's case rule and end apart in what it compiles", () => {
    expect(ids(tree(), "/About")).toEqual(["root", "about"]);
    // In lower case it is no longer that route: the optional language takes it.
    expect(ids(tree(), "/about")).toEqual(["root", "lang"]);
    expect(matchPath({ path: "/about", caseSensitive: false }, "/ABOUT")?.pathname).toBe("/ABOUT");
    expect(matchPath({ path: "/about", caseSensitive: true }, "/ABOUT")).toBeNull();
    expect(matchPath({ path: "/api", end: false }, "/api/health")?.pathnameBase).toBe("/api");
    expect(matchPath({ path: "/api", end: true }, "/api/health")).toBeNull();
  });
});
