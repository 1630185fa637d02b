import { describe, expect, it } from "vitest";
import { parseUtm, serialiseUtm, utmFromCookieHeader, utmFromSearch } from "./utm";

describe("the campaign of a landing URL", () => {
  it("is every utm_ key with a value: the three named ones and any other", () => {
    expect(utmFromSearch("?utm_source=news&utm_medium=email&utm_campaign=spring&utm_content=banner-2&q=phone")).toEqual({
      utm_source: "news",
      utm_medium: "email",
      utm_campaign: "spring",
      utm_content: "banner-2",
    });
  });

  it("is nothing when the URL has no utm_ key, or only empty ones", () => {
    expect(utmFromSearch("?q=phone&page=2")).toBeNull();
    expect(utmFromSearch("?utm_source=&utm_medium=%20")).toBeNull();
    expect(utmFromSearch("")).toBeNull();
  });

  it("keeps its bounds against a crafted URL: short values, ten keys, names of letters, digits and _", () => {
    const long = utmFromSearch(`?utm_source=${"x".repeat(500)}`)!;
    expect(long.utm_source).toHaveLength(200);
    const many = utmFromSearch(Array.from({ length: 30 }, (_, i) => `utm_k${i}=v`).join("&"))!;
    expect(Object.keys(many)).toHaveLength(10);
    expect(utmFromSearch("?utm_a-b=1&utm_=2&xutm_source=3")).toBeNull();
    // Names are read case-blind; the first of a repeated key is kept.
    expect(utmFromSearch("?UTM_Source=a&utm_source=b")).toEqual({ utm_source: "a" });
  });
});

describe("the utm cookie", () => {
  it("gives back the campaign it was saved with, whatever the values hold", () => {
    const utm = { utm_source: "news letter", utm_campaign: "ąčę;=&,%", utm_term: "a+b" };
    const value = serialiseUtm(utm);
    expect(value).toMatch(/^[A-Za-z0-9%._~*'()!-]+$/);
    expect(parseUtm(value)).toEqual(utm);
    expect(utmFromCookieHeader(`consent=analytics; utm=${value}; cart=1`)).toEqual(utm);
  });

  it("stays small enough for a browser to keep, dropping the last keys first", () => {
    const utm = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`utm_k${i}`, "ą".repeat(200)]));
    const value = serialiseUtm(utm);
    expect(value.length).toBeLessThanOrEqual(3000);
    const kept = parseUtm(value)!;
    expect(Object.keys(kept)).toEqual(Object.keys(utm).slice(0, Object.keys(kept).length));
    expect(Object.keys(kept).length).toBeGreaterThan(0);
  });

  it("reads nothing from a missing or broken value", () => {
    expect(utmFromCookieHeader("consent=analytics")).toBeNull();
    expect(parseUtm("%E0%A4%A")).toBeNull();
    expect(parseUtm("")).toBeNull();
  });
});
