import type { HeadersFunction, LoaderFunction, MetaFunction } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { ROUTES, samplePath } from "../route-list";

// Every signed-in customer's page answers `Cache-Control: private, no-store`
// and carries robots noindex. The pages are found by what they do, not by a
// list kept by hand: any page whose loader sends a guest to sign in is
// private, so a new account page that forgets privatePage fails here. The
// pages are every module app/routes.ts maps.

type RouteModule = { loader?: LoaderFunction; headers?: HeadersFunction; meta?: MetaFunction };
const modules = import.meta.glob<RouteModule>("../../app/routes/**/*.tsx");

/** The spec's account pages, so that the search below cannot silently find fewer. */
const ACCOUNT_PAGES = [
  "routes/account/account-information.tsx",
  "routes/account/balance-entry.tsx",
  "routes/account/balance-history.tsx",
  "routes/account/balance-top-up.tsx",
  "routes/account/delivery-addresses.tsx",
  "routes/account/my-order.tsx",
  "routes/account/my-orders.tsx",
  "routes/account/my-timeline.tsx",
  "routes/account/user-account.tsx",
  "routes/claims/my-claims.tsx",
  "routes/forwarding/declare-parcel.tsx",
  "routes/forwarding/forward.tsx",
  "routes/forwarding/parcels.tsx",
  "routes/forwarding/send-home.tsx",
  "routes/invoices/accept.tsx",
  "routes/invoices/decline.tsx",
  "routes/invoices/invoice.tsx",
  "routes/invoices/list.tsx",
  "routes/pro/edit-listing.tsx",
  "routes/pro/listing-fee.tsx",
  "routes/pro/listings.tsx",
  "routes/quotes/info-needed.tsx",
  "routes/quotes/list.tsx",
  "routes/quotes/quote.tsx",
  "routes/quotes/request-summary.tsx",
  "routes/quotes/request.tsx",
  "routes/reservations/mine.tsx",
];

/** A guest's request for a route's page, its parameters filled in. */
const guestRequest = (pattern: string) => new Request(`http://localhost${samplePath(pattern, "1", "en")}`);

async function sendsGuestToSignIn(pattern: string, loader: LoaderFunction) {
  try {
    const answer = await loader({ request: guestRequest(pattern), params: { locale: "en", "*": "x", id: "1", token: "x" }, context: {} });
    return answer instanceof Response && answer.status === 302 && (answer.headers.get("location") ?? "").startsWith("/en/login?");
  } catch (thrown) {
    return thrown instanceof Response && thrown.status === 302 && (thrown.headers.get("location") ?? "").startsWith("/en/login?");
  }
}

describe("private pages", () => {
  it("every page that asks a guest to sign in is private, no-store and noindex", async () => {
    const privatePages: string[] = [];
    const pages = ROUTES.filter((route) => route.file.endsWith(".tsx"));
    for (const { file: name, pattern } of pages) {
      const module = await modules[`../../app/${name}`]!();
      if (!module.loader || !(await sendsGuestToSignIn(pattern, module.loader))) continue;
      privatePages.push(name);

      expect(module.headers, name).toBeTypeOf("function");
      const headers = new Headers(module.headers!({} as Parameters<HeadersFunction>[0]));
      expect(headers.get("cache-control"), name).toBe("private, no-store");

      expect(module.meta, name).toBeTypeOf("function");
      const location = { pathname: guestRequest(pattern).url.replace("http://localhost", ""), search: "", hash: "", state: null, key: "default" };
      const tags = module.meta!({ data: { title: "Mine" }, matches: [], location, params: {}, error: undefined } as unknown as Parameters<MetaFunction>[0]);
      expect(tags, name).toContainEqual({ name: "robots", content: "noindex, follow" });
      expect(tags, name).toContainEqual({ title: expect.stringContaining("Mine") });
    }
    expect(privatePages.sort()).toEqual(ACCOUNT_PAGES);
  });
});
