import { describe, expect, it } from "vitest";
import { pageViewOf } from "./page-view.server";

describe("pageViewOf", () => {
  it("reads a page request's method, both Purpose headers and its user agent", () => {
    const request = new Request("http://localhost/en/p/x", { method: "GET", headers: { purpose: "prefetch", "sec-purpose": "prerender", "user-agent": "Googlebot/2.1" } });
    expect(pageViewOf(request)).toEqual({ method: "GET", purpose: "prefetch prerender", userAgent: "Googlebot/2.1" });
    expect(pageViewOf(new Request("http://localhost/en/p/x", { method: "HEAD" }))).toEqual({ method: "HEAD", purpose: " ", userAgent: null });
  });
});
