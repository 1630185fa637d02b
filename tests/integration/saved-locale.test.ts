import { describe, expect, it } from "vitest";
import { savedLocaleCookie } from "~/web/preferences.server";
import { loader as localeLayout } from "~/routes/layout";

// Spec 2: a URL in another language than the saved one updates the saved
// one. The server's answer sets the cookie, so it holds without JavaScript.
async function open(path: string, saved?: string) {
  const headers = saved ? { cookie: await savedLocaleCookie.serialize(saved) } : undefined;
  const answer = await localeLayout({ request: new Request(`http://localhost${path}`, { headers }), params: {}, context: {} });
  return new Headers(answer.init?.headers).get("set-cookie");
}

describe("the saved language (spec 2)", () => {
  it("is updated by the answer to a page in another language", async () => {
    const setCookie = await open("/lt/about-us", "en");
    expect(setCookie).toBeTruthy();
    expect(await savedLocaleCookie.parse(setCookie)).toBe("lt");
  });

  it("is saved on a first visit too", async () => {
    expect(await savedLocaleCookie.parse(await open("/en"))).toBe("en");
  });

  it("is not saved on a first visit in the language a bare path gives anyway, so the page can be shared", async () => {
    // localhost serves the default site, whose default language is Lithuanian.
    expect(await open("/lt/about-us")).toBeNull();
  });

  it("is left alone when the page is in the saved language", async () => {
    expect(await open("/lt/about-us", "lt")).toBeNull();
  });
});
