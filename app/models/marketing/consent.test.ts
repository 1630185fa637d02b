import { describe, expect, it } from "vitest";
import { CONSENT_MAX_AGE_SECONDS, consentCookieHeader, consentFromCookieHeader, consentFromForm, parseConsent, serialiseConsent, type ConsentCategory } from "./consent";

const set = (...categories: ConsentCategory[]) => new Set(categories);

describe("the consent cookie", () => {
  it("comes back as it was saved, for every combination of categories", () => {
    const all: ConsentCategory[][] = [[], ["analytics"], ["marketing"], ["chat"], ["analytics", "marketing"], ["analytics", "chat"], ["marketing", "chat"], ["analytics", "marketing", "chat"]];
    for (const categories of all) expect([...parseConsent(serialiseConsent(set(...categories)))!].sort()).toEqual([...categories].sort());
  });

  it("takes one of eight values, whatever the order the categories were chosen in", () => {
    expect(serialiseConsent(set("chat", "analytics"))).toBe(serialiseConsent(set("analytics", "chat")));
    expect(serialiseConsent(set())).toBe("necessary");
  });

  it("reads no answer from a missing, empty or unknown value", () => {
    expect(parseConsent(undefined)).toBeNull();
    expect(parseConsent("")).toBeNull();
    expect(parseConsent("analytics.tracking")).toBeNull();
    expect(parseConsent("everything")).toBeNull();
  });

  it("is found among the request's other cookies", () => {
    expect([...consentFromCookieHeader("locale=lt; consent=analytics.chat; cart=x")!]).toEqual(["analytics", "chat"]);
    expect(consentFromCookieHeader("locale=lt")).toBeNull();
    expect(consentFromCookieHeader(null)).toBeNull();
  });

  it("is kept for 180 days, on every path, out of scripts' reach", () => {
    const header = consentCookieHeader(set("analytics"), true);
    expect(header).toBe(`consent=analytics; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax; HttpOnly; Secure`);
    expect(CONSENT_MAX_AGE_SECONDS).toBe(180 * 24 * 60 * 60);
    expect(consentCookieHeader(set(), false)).not.toContain("Secure");
  });
});

describe("the consent form", () => {
  it("accepts all the categories the site offers, or none", () => {
    expect([...consentFromForm({ intent: "all" }, ["analytics", "chat"])!]).toEqual(["analytics", "chat"]);
    expect([...consentFromForm({ intent: "necessary", analytics: "on" })!]).toEqual([]);
  });

  it("saves the boxes ticked, among the offered categories only", () => {
    expect([...consentFromForm({ intent: "save", analytics: "on", marketing: "on" }, ["analytics", "chat"])!]).toEqual(["analytics"]);
    expect([...consentFromForm({ intent: "save" })!]).toEqual([]);
  });

  it("refuses a form no page of ours sends", () => {
    expect(consentFromForm({})).toBeNull();
    expect(consentFromForm({ intent: "everything" })).toBeNull();
  });
});
