import type { HeadersFunction, LoaderFunction, MetaFunction } from "@remix-run/node";
import { describe, expect, it } from "vitest";

// Every signed-in customer's page answers `Cache-Control: private, no-store`
// and carries robots noindex. The pages are found by what they do, not by a
// list kept by hand: any page whose loader sends a guest to sign in is
// private, so a new account page that forgets privatePage fails here.

type RouteModule = { loader?: LoaderFunction; headers?: HeadersFunction; meta?: MetaFunction };
const modules = import.meta.glob<RouteModule>("../../app/routes/*.tsx");

/** The spec's account pages, so that the search below cannot silently find fewer. */
const ACCOUNT_PAGES = [
  "($locale).account-information",
  "($locale).balance-history.$id",
  "($locale).balance-history._index",
  "($locale).balance.pay",
  "($locale).create-order.$",
  "($locale).delivery-addresses",
  "($locale).invoice.$id",
  "($locale).invoice.accept",
  "($locale).invoice.decline",
  "($locale).invoices",
  "($locale).my-claims",
  "($locale).my-orders.$",
  "($locale).my-orders._index",
  "($locale).my-parcels._index",
  "($locale).my-parcels.forward.$slug",
  "($locale).my-reservations",
  "($locale).my-timeline",
  "($locale).order-additional-info-needed.$",
  "($locale).order-form",
  "($locale).order-form_.summary",
  "($locale).quotes.$slug",
  "($locale).quotes._index",
  "($locale).site-pro",
  "($locale).site-pro-delivery",
  "($locale).site-pro-edit.$id",
  "($locale).site-pro-payment.$",
  "($locale).user-account",
];

const routeName = (file: string) => file.split("/").at(-1)!.replace(/\.tsx$/, "");

/** A guest's request for the page a route file stands for. */
function guestRequest(name: string) {
  const path = name
    .replace(/^\(\$locale\)\.?/, "")
    .split(".")
    .filter((part) => part !== "_index" && part !== "")
    .map((part) => (part === "$" ? "x" : part.startsWith("$") ? "1" : part))
    .join("/");
  return new Request(`http://localhost/en/${path}`);
}

async function sendsGuestToSignIn(name: string, loader: LoaderFunction) {
  try {
    const answer = await loader({ request: guestRequest(name), params: { locale: "en", "*": "x", id: "1", token: "x" }, context: {} });
    return answer instanceof Response && answer.status === 302 && (answer.headers.get("location") ?? "").startsWith("/en/login?");
  } catch (thrown) {
    return thrown instanceof Response && thrown.status === 302 && (thrown.headers.get("location") ?? "").startsWith("/en/login?");
  }
}

describe("private pages", () => {
  it("every page that asks a guest to sign in is private, no-store and noindex", async () => {
    const privatePages: string[] = [];
    for (const [file, load] of Object.entries(modules)) {
      const name = routeName(file);
      const module = await load();
      if (!module.loader || !(await sendsGuestToSignIn(name, module.loader))) continue;
      privatePages.push(name);

      expect(module.headers, name).toBeTypeOf("function");
      const headers = new Headers(module.headers!({} as Parameters<HeadersFunction>[0]));
      expect(headers.get("cache-control"), name).toBe("private, no-store");

      expect(module.meta, name).toBeTypeOf("function");
      const location = { pathname: guestRequest(name).url.replace("http://localhost", ""), search: "", hash: "", state: null, key: "default" };
      const tags = module.meta!({ data: { title: "Mine" }, matches: [], location, params: {}, error: undefined } as unknown as Parameters<MetaFunction>[0]);
      expect(tags, name).toContainEqual({ name: "robots", content: "noindex, follow" });
      expect(tags, name).toContainEqual({ title: expect.stringContaining("Mine") });
    }
    expect(privatePages.sort()).toEqual(ACCOUNT_PAGES);
  });
});
