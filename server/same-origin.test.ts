import fc from "fast-check";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { addressedHost, isCrossSiteWrite } from "./same-origin";

// The check Remix runs before every page's action; a request it refuses ends in a 500 of its own.
const { throwIfPotentialCSRFAttack } = createRequire(import.meta.url)("@remix-run/server-runtime/dist/actions.js") as { throwIfPotentialCSRFAttack: (headers: Headers) => void };

const post = { method: "POST", path: "/en/login", host: "shop.example:3000" };

/** A request's headers as Express reads them. */
const headers = (values: Record<string, string>) => ({ get: (name: string) => values[name.toLowerCase()] });

describe("the same-origin check", () => {
  it("lets reads through whatever their origin", () => {
    expect(isCrossSiteWrite({ ...post, method: "GET", secFetchSite: "cross-site", origin: "https://evil.example" })).toBe(false);
  });

  it("trusts Sec-Fetch-Site first: same-origin and direct navigation pass, same-site and cross-site do not", () => {
    expect(isCrossSiteWrite({ ...post, secFetchSite: "same-origin" })).toBe(false);
    expect(isCrossSiteWrite({ ...post, secFetchSite: "none" })).toBe(false);
    expect(isCrossSiteWrite({ ...post, secFetchSite: "same-site" })).toBe(true);
    expect(isCrossSiteWrite({ ...post, secFetchSite: "cross-site", origin: "http://shop.example:3000" })).toBe(true);
  });

  it("otherwise compares Origin with the host the request was sent to", () => {
    expect(isCrossSiteWrite({ ...post, origin: "http://shop.example:3000" })).toBe(false);
    expect(isCrossSiteWrite({ ...post, origin: "http://shop.example:4000" })).toBe(true);
    expect(isCrossSiteWrite({ ...post, origin: "https://evil.example" })).toBe(true);
    expect(isCrossSiteWrite({ ...post, origin: "null" })).toBe(true);
    expect(isCrossSiteWrite({ ...post, method: "DELETE", origin: "https://evil.example" })).toBe(true);
  });

  // Each of these passed the check before and reached Remix, whose own comparison answered 500.
  it("refuses an Origin that disagrees with the host even when Sec-Fetch-Site says same-origin, and one no URL can hold", () => {
    expect(isCrossSiteWrite({ ...post, secFetchSite: "same-origin", origin: "https://evil.example" })).toBe(true);
    expect(isCrossSiteWrite({ ...post, secFetchSite: "none", origin: "null" })).toBe(true);
    expect(isCrossSiteWrite({ ...post, secFetchSite: "same-origin", origin: "http://shop.example:3000" })).toBe(false);
    expect(isCrossSiteWrite({ ...post, origin: "" })).toBe(true);
    expect(isCrossSiteWrite({ ...post, origin: "not a url" })).toBe(true);
    expect(isCrossSiteWrite({ ...post, host: "SHOP.example:3000", origin: "http://shop.example:3000" })).toBe(true);
    expect(isCrossSiteWrite({ ...post, host: undefined, origin: "http://shop.example:3000" })).toBe(true);
  });

  it("compares Origin with X-Forwarded-Host when one was sent, else Host, as Remix does", () => {
    expect(addressedHost(headers({ host: "app:3000" }))).toBe("app:3000");
    expect(addressedHost(headers({ host: "app:3000", "x-forwarded-host": "shop.example, proxy.internal" }))).toBe("shop.example");
    expect(addressedHost(headers({ host: "app:3000", "x-forwarded-host": " , x" }))).toBe("app:3000");
    expect(addressedHost(headers({}))).toBeUndefined();
  });

  it("lets through a request with neither header (not from a browser page) and the payment webhooks", () => {
    expect(isCrossSiteWrite(post)).toBe(false);
    expect(isCrossSiteWrite({ ...post, path: "/api/payments/webhooks/card", secFetchSite: "cross-site", origin: "https://pay.example" })).toBe(false);
  });

  it("lets through no page post that Remix's own check would refuse with a 500", () => {
    const hostValue = fc.constantFrom("shop.example", "shop.example:3000", "SHOP.example", "shop.example:80", "[::1]:3000", "other.example", "", " ");
    const originValue = fc.constantFrom("http://shop.example", "http://shop.example:3000", "https://shop.example:80", "http://[::1]:3000", "https://evil.example", "null", "", "not a url", "http://SHOP.example");
    const sent = fc.record(
      { host: hostValue, "x-forwarded-host": fc.oneof(hostValue, hostValue.map((h) => `${h}, proxy.internal`)), origin: originValue, "sec-fetch-site": fc.constantFrom("same-origin", "none") },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(sent, (values) => {
        const passed = !isCrossSiteWrite({ ...post, secFetchSite: values["sec-fetch-site"], origin: values.origin, host: addressedHost(headers(values)) });
        const remixHeaders = new Headers(Object.entries(values).filter(([name]) => name !== "sec-fetch-site"));
        if (passed) expect(() => throwIfPotentialCSRFAttack(remixHeaders), JSON.stringify(values)).not.toThrow();
      }),
      { numRuns: 2_000 },
    );
  });
});
