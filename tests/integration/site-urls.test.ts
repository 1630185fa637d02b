import { describe, expect, it } from "vitest";
import { db } from "~/models/db/db.server";
import { forgetShell } from "~/models/db/shell-cache.server";
import { applySiteUrls, configuredSiteUrls, parseSiteUrls } from "~/models/sites/site-urls.server";
import { siteForHost } from "~/models/sites/sites.server";
import { loader as robots } from "~/routes/system/robots";
import { pageMeta } from "~/web/seo";

// Issue 32, row 10: canonical and hreflang links (and robots.txt's sitemap
// line) name the address a deployment configures, not the demo's localhost.

describe("the sites' addresses", () => {
  it("are read from SITE_URLS, with PUBLIC_URL as the default site's when it is not named", () => {
    expect(parseSiteUrls("default=https://shop.example.com/, lt=https://lt.example.com")).toEqual({ default: "https://shop.example.com", lt: "https://lt.example.com" });
    expect(parseSiteUrls("")).toEqual({});
    expect(() => parseSiteUrls("lt=https://lt.example.com/shop")).toThrow(/SITE_URLS/);
    expect(() => parseSiteUrls("lt")).toThrow(/SITE_URLS/);
    expect(configuredSiteUrls("lt=https://lt.example.com", "https://shop.example.com/")).toEqual({ lt: "https://lt.example.com", default: "https://shop.example.com" });
    expect(configuredSiteUrls("default=https://a.example.com", "https://b.example.com")).toEqual({ default: "https://a.example.com" });
  });

  it("are written to the sites at start-up, and the canonical, hreflang and sitemap links name them", async () => {
    expect((await siteForHost("localhost")).appUrl).toBe("http://localhost:3000");
    await expect(applySiteUrls(db(), { nosuchsite: "https://x.example.com" })).rejects.toThrow(/nosuchsite/);

    expect(await applySiteUrls(db(), configuredSiteUrls("ee=https://pakisild.example.ee", "https://shop.example.com"))).toEqual(["ee", "default"]);
    // A second start changes nothing.
    expect(await applySiteUrls(db(), configuredSiteUrls("ee=https://pakisild.example.ee", "https://shop.example.com"))).toEqual([]);
    forgetShell();

    const site = await siteForHost("ee.localhost");
    expect(site.appUrl).toBe("https://pakisild.example.ee");
    const matches = [{ id: "routes/layout", data: { shell: { site } } }] as never;
    const links = pageMeta({ matches, location: { pathname: "/en/faq", search: "" } as never }, { title: "FAQ" }).filter((tag) => "tagName" in tag);
    expect(links.length).toBeGreaterThan(2);
    for (const link of links) expect((link as { href: string }).href).toMatch(/^https:\/\/pakisild\.example\.ee\/[a-z]{2}\/faq$/);
    expect(links).toContainEqual({ tagName: "link", rel: "canonical", href: "https://pakisild.example.ee/en/faq" });

    const text = await (await robots({ request: new Request("http://localhost/robots.txt"), params: {}, context: {} })).text();
    expect(text).toContain("Sitemap: https://shop.example.com/sitemap.xml");
  });
});
