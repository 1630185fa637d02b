import { describe, expect, it } from "vitest";
import { translationsFor } from "~/platform/i18n.server";
import { keptTexts } from "~/platform/page-texts";
import { textsFile } from "~/platform/page-texts.server";
import { loader as textsLoader } from "~/routes/system/texts";
import { loader as rootLoader } from "~/root";

// Issue 17, points 2 and 3: a page's texts are neither encoded into the root
// loader's data on every request nor written into every document; a
// document names its language's texts file, which the browser keeps until a
// text changes. A client navigation that reloads the root's data (another
// language, after a post) still receives them there.

const load = (documentRequest: boolean) =>
  rootLoader({ request: new Request("http://localhost/lv/c/clothes"), params: { locale: "lv" }, context: { documentRequest } });

const get = (file: string, headers?: HeadersInit) =>
  textsLoader({ request: new Request(`http://localhost/texts/${file}`, { headers }), params: { file }, context: {} });

describe("a page's texts", () => {
  it("are left out of a document's loader data, which names their file, and sent with a client navigation's", async () => {
    const document = await load(true);
    expect(document.translations).toBeUndefined();
    expect(document.textsHref).toMatch(/^\/texts\/lv\.[0-9a-f]{16}\.json$/);
    const navigation = await load(false);
    expect(navigation.translations).toEqual(translationsFor("lv"));
    expect(navigation.textsHref).toBeUndefined();
  });

  it("are served under a name that changes with them, and kept by the browser for a year", async () => {
    const file = textsFile("lv");
    expect(keptTexts("lv")).toBe(translationsFor("lv"));
    const response = await get(file.href.split("/").pop()!);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(await response.json()).toEqual(translationsFor("lv"));
    expect(textsFile("lt").hash).not.toBe(file.hash);
  });

  it("are still served under an older name, today's texts and not kept, and answer 304 to the same version", async () => {
    const stale = await get("lv.0123456789abcdef.json");
    expect(stale.status).toBe(200);
    expect(stale.headers.get("Cache-Control")).toBe("no-cache");
    expect(await stale.json()).toEqual(translationsFor("lv"));
    const again = await get("lv.0123456789abcdef.json", { "If-None-Match": stale.headers.get("ETag")! });
    expect(again.status).toBe(304);
    // As a browser or a proxy may ask: among other tags, or weakened by compression.
    const etag = stale.headers.get("ETag")!;
    expect((await get("lv.0123456789abcdef.json", { "If-None-Match": `"other", W/${etag}` })).status).toBe(304);
    expect((await get("lv.0123456789abcdef.json", { "If-None-Match": '"other"' })).status).toBe(200);
  });

  it("are not found for a language the shop does not have or a name of another shape", async () => {
    for (const file of ["ru.0123456789abcdef.json", "lv.json", "lv.0123456789abcdef.js", "../lv.0123456789abcdef.json"]) {
      const answer = await Promise.resolve().then(() => get(file)).catch((thrown: unknown) => thrown as Response);
      expect(answer.status, file).toBe(404);
    }
  });
});
