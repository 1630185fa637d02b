import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { COUNTS_EACH_REQUEST, SAME_FOR_EVERY_GUEST, pageEtag } from "./guest-cache.server";

describe("the pages a shared cache may keep", () => {
  it("each names a route module that exists, so a renamed route cannot silently stop being shared", () => {
    for (const id of SAME_FOR_EVERY_GUEST) expect(existsSync(`app/${id}.tsx`), id).toBe(true);
  });

  it("that count each request are among them, so a renamed one cannot silently start sharing its drawing (decision 034)", () => {
    for (const id of COUNTS_EACH_REQUEST) expect(SAME_FOR_EVERY_GUEST.has(id), id).toBe(true);
  });
});

describe("a shared page's ETag", () => {
  const page = (nonce: string, price: string) =>
    Buffer.from(`<html><script nonce="${nonce}">a</script><p>Kaina ${price} €</p><script nonce="${nonce}">b</script></html>`);

  it("is the same for the same page whatever its nonce, at the start, between and at the end", () => {
    const etag = pageEtag(page("AbC123==", "9,99"), "AbC123==");
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(pageEtag(page("zz9+/Q==", "9,99"), "zz9+/Q==")).toBe(etag);
    expect(pageEtag(Buffer.from("N1<p>x</p>N1"), "N1")).toBe(pageEtag(Buffer.from("N2<p>x</p>N2"), "N2"));
  });

  it("changes with anything a shopper sees, and reads only its own bytes of a shared buffer", () => {
    expect(pageEtag(page("AbC123==", "9,98"), "AbC123==")).not.toBe(pageEtag(page("AbC123==", "9,99"), "AbC123=="));
    const html = page("AbC123==", "9,99");
    const whole = Buffer.concat([Buffer.from("before"), html, Buffer.from("after")]);
    const inside = new Uint8Array(whole.buffer, whole.byteOffset + 6, html.length);
    expect(pageEtag(inside, "AbC123==")).toBe(pageEtag(html, "AbC123=="));
    expect(pageEtag(Buffer.from("<p>x</p>"), "")).not.toBe(pageEtag(Buffer.from("<p>y</p>"), ""));
  });
});
