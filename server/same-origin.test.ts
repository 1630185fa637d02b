import { describe, expect, it } from "vitest";
import { isCrossSiteWrite } from "./same-origin";

const post = { method: "POST", path: "/en/login", hosts: ["shop.example:3000"] };

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

  it("lets through a request with neither header (not from a browser page) and the payment webhooks", () => {
    expect(isCrossSiteWrite(post)).toBe(false);
    expect(isCrossSiteWrite({ ...post, path: "/api/payments/webhooks/card", secFetchSite: "cross-site", origin: "https://pay.example" })).toBe(false);
  });
});
