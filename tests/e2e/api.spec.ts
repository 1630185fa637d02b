import { readFileSync, statSync } from "node:fs";
import { expect, test } from "@playwright/test";

// The JSON API foundation and the server's headers; no browser needed.
test.describe("JSON API", () => {
  test("the health call answers JSON under the success rule", async ({ request }) => {
    const response = await request.get("/api/health");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/json");
    const body = await response.json();
    expect(body).not.toHaveProperty("errors");
    expect(body).not.toHaveProperty("message");
    expect(body.status).not.toBe(false);
    expect(body.database.ok).toBe(true);
  });

  test("an unknown call is a JSON 404 with a translated message", async ({ request }) => {
    for (const [locale, message] of <[string, string][]>[
      ["en", "There is no such API call."],
      ["lt", "Tokios API užklausos nėra."],
    ]) {
      const response = await request.post("/api/no-such-call", { headers: { "x-locale": locale }, data: {} });
      expect(response.status()).toBe(404);
      expect(await response.json()).toEqual({ status: false, message });
    }
  });

  test("a method a call does not take is a JSON 405", async ({ request }) => {
    const response = await request.post("/api/health", { data: {} });
    expect(response.status()).toBe(405);
    expect(await response.json()).toMatchObject({ status: false, message: expect.stringContaining("POST") });
  });

  test("a malformed JSON body gets 400 with a clear message and changes nothing", async ({ request }) => {
    const response = await request.post("/api/locale/change", {
      headers: { "content-type": "application/json", "x-locale": "en" },
      data: Buffer.from('{"newLocale": "en"'),
    });
    expect(response.status()).toBe(400);
    expect(await response.json()).toEqual({ status: false, message: "The request body is not valid JSON." });
    expect(response.headers()["set-cookie"]).toBeUndefined();
  });

  test("bad fields get 400 with per-field messages", async ({ request }) => {
    const response = await request.post("/api/locale/change", { headers: { "x-locale": "en" }, data: { newLocale: "fr" } });
    expect(response.status()).toBe(400);
    const body = await response.json();
    expect(body.status).toBe(false);
    expect(body.errors.newLocale).toEqual(["Some fields are not valid."]);
    expect(response.headers()["set-cookie"]).toBeUndefined();
  });

  test("a good call succeeds, and the saved language then leads a bare path", async ({ request }) => {
    const response = await request.post("/api/locale/change", { data: { newLocale: "lv" } });
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ locale: "lv" });
    const home = await request.get("/", { maxRedirects: 0 });
    expect(home.status()).toBe(302);
    expect(home.headers().location).toBe("/lv");
  });

  test("the build manifest names the build and is never cached", async ({ request }) => {
    const response = await request.get("/builds/latest.json");
    expect(response.headers()["cache-control"]).toBe("no-store");
    expect((await response.json()).buildId).toMatch(/^\S+$/);
  });
});

test.describe("server", () => {
  test("sends security headers with a fresh CSP nonce per request", async ({ request }) => {
    const first = await request.get("/en");
    const second = await request.get("/en");
    const headers = first.headers();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(headers["strict-transport-security"]).toContain("max-age=");
    const csp = headers["content-security-policy"]!;
    expect(csp).toContain("frame-ancestors 'self'");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(/'nonce-([^']+)'/.exec(second.headers()["content-security-policy"]!)?.[1]).not.toBe(nonce);
    expect(await first.text()).toContain(`nonce="${nonce}"`);
    expect(headers["x-powered-by"]).toBeUndefined();
  });

  test("serves hashed assets with immutable caching, as the build packed them", async ({ request }) => {
    const html = await (await request.get("/en")).text();
    // The shell chunk (React, Remix): every page loads it.
    const asset = /\/assets\/shell-[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const file = `build/client${asset}`;
    // Each encoding gets the build's own copy (decision 056), byte for byte, and a browser taking neither the file itself.
    for (const [accepts, encoding, copy] of [["gzip", "gzip", `${file}.gz`], ["br, gzip", "br", `${file}.br`], ["identity", undefined, file]] as const) {
      const response = await request.get(asset!, { headers: { "accept-encoding": accepts } });
      expect(response.status()).toBe(200);
      expect(response.headers()["cache-control"]).toContain("immutable");
      expect(response.headers()["cache-control"]).toContain("max-age=31536000");
      expect(response.headers()["content-encoding"], accepts).toBe(encoding);
      expect(Number(response.headers()["content-length"]), accepts).toBe(statSync(copy).size);
      expect(response.headers()["vary"], accepts).toContain("Accept-Encoding");
      expect((await response.body()).equals(readFileSync(file)), accepts).toBe(true);
    }
  });

  test("draws demo images locally", async ({ request }) => {
    const response = await request.get("/media/demo/electronics-3.svg");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/svg+xml");
    expect(await response.text()).toContain("<svg");
  });
});
