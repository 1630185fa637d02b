import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { translationsFor } from "~/platform/i18n.server";
import { InlineTexts, keepTexts, keptTexts } from "~/platform/page-texts";
import { loader as rootLoader } from "~/root";

// Issue 17, point 2: a page's texts are written into the document once per
// language, not encoded into the root loader's data on every request; a
// client navigation that reloads the root's data (another language, after a
// post) still receives them there.

const load = (documentRequest: boolean) =>
  rootLoader({ request: new Request("http://localhost/lv/c/clothes"), params: { locale: "lv" }, context: { documentRequest } });

describe("a page's texts", () => {
  it("are left out of a document's loader data and sent with a client navigation's", async () => {
    expect((await load(true)).translations).toBeUndefined();
    expect((await load(false)).translations).toEqual(translationsFor("lv"));
  });

  it("are written into the page as JSON that no text can break out of, and read back whole", () => {
    const html = renderToString(createElement(InlineTexts, { locale: "lv" }));
    const json = /<script id="page-texts" type="application\/json" data-locale="lv">(.*)<\/script>/s.exec(html)?.[1];
    expect(json).toBeDefined();
    expect(json).not.toContain("<");
    expect(JSON.parse(json!)).toEqual(translationsFor("lv"));
    expect(keptTexts("lv")).toBe(translationsFor("lv"));
  });

  it("escape a text that would end the script early", () => {
    const texts = { note: "Press </script><b>here</b> & go" };
    keepTexts("test-language", texts);
    const html = renderToString(createElement(InlineTexts, { locale: "test-language" }));
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const json = /data-locale="test-language">(.*)<\/script>/s.exec(html)?.[1];
    expect(JSON.parse(json!)).toEqual(texts);
  });
});
