import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { ConsentCategory } from "./consent";
import { hashEmail } from "./email-hash.server";
import { deviceCode, offeredCategories, tagSettingsFor, tagsFor, type TagSettings, type TagVisitor } from "./tags";

const SETTINGS: TagSettings = {
  gtmId: "GTM-TEST01",
  pixelIds: ["1234567890", "2345678901"],
  criteoKey: "12345",
  klaviyoKey: "AbC123",
  liveAgent: { account: "shipwise", button: "ab12cd34" },
};
const VISITOR: TagVisitor = { email: "Ona@Example.com", emailHash: hashEmail("Ona@Example.com"), firstName: "Ona", lastName: "Buyer" };
const consent = (...categories: ConsentCategory[]) => new Set(categories);
const ids = (tags: { id: string }[]) => tags.map((tag) => tag.id);
const srcs = (tags: { src?: string }[]) => tags.flatMap((tag) => (tag.src ? [tag.src] : []));

describe("the tags a page carries", () => {
  it("are none before the visitor answers, and none after 'only necessary'", () => {
    expect(tagsFor(null, SETTINGS, VISITOR)).toEqual([]);
    expect(tagsFor(consent(), SETTINGS, VISITOR)).toEqual([]);
  });

  it("with analytics only: the tag manager and nothing else", () => {
    const tags = tagsFor(consent("analytics"), SETTINGS, VISITOR);
    expect(srcs(tags)).toEqual(["https://www.googletagmanager.com/gtm.js?id=GTM-TEST01"]);
    expect(tags.every((tag) => tag.category === "analytics")).toBe(true);
    expect(tags.find((tag) => tag.id === "gtm-init")?.code).toContain("window.dataLayer");
  });

  it("with marketing: the pixel initialised once for each id of the list, the retargeting service and email marketing", () => {
    const tags = tagsFor(consent("marketing"), SETTINGS, VISITOR);
    expect(srcs(tags)).toEqual([
      "https://connect.facebook.net/en_US/fbevents.js",
      "https://static.criteo.net/js/ld/ld.js",
      "https://static.klaviyo.com/onsite/js/klaviyo.js?company_id=AbC123",
    ]);
    const pixel = tags.find((tag) => tag.id === "pixel-init")!.code!;
    expect(pixel).toContain('fbq("init","1234567890")');
    expect(pixel).toContain('fbq("init","2345678901")');
    expect(pixel.match(/fbq\("init"/g)).toHaveLength(2);
    expect(tags.some((tag) => tag.category !== "marketing")).toBe(false);
  });

  it("give the retargeting service the hashed email and the device code, never the email itself", () => {
    const criteo = tagsFor(consent("marketing"), SETTINGS, VISITOR).find((tag) => tag.id === "criteo-init")!.code!;
    const hash = createHash("sha256").update("ona@example.com").digest("hex");
    expect(criteo).toContain(`email:"${hash}",hash_method:"sha256"`);
    expect(criteo).not.toContain("Ona@Example.com");
    expect(criteo).toContain('account:12345');
    expect(criteo).toContain('event:"setSiteType"');
    // The script's device code is the pure function's, run in the browser.
    const code = criteo.match(/type:(\(function\(u\).*?\)\(navigator\.userAgent\))/)![1]!.replace("navigator.userAgent", "ua");
    for (const ua of [IPAD, IPHONE, ANDROID_PHONE, DESKTOP]) expect(new Function("ua", `return ${code}`)(ua)).toBe(deviceCode(ua));
  });

  it("identify a signed-in visitor to email marketing by email and names; a guest is not identified", () => {
    const identify = tagsFor(consent("marketing"), SETTINGS, VISITOR).find((tag) => tag.id === "klaviyo-identify")!.code!;
    expect(identify).toContain('"$email":"Ona@Example.com","$first_name":"Ona","$last_name":"Buyer"');
    const guest = tagsFor(consent("marketing"), SETTINGS, null);
    expect(ids(guest)).not.toContain("klaviyo-identify");
    expect(guest.find((tag) => tag.id === "criteo-init")!.code).not.toContain("setEmail");
  });

  it("with chat: the live chat only", () => {
    const tags = tagsFor(consent("chat"), SETTINGS, VISITOR);
    expect(srcs(tags)).toEqual(["https://shipwise.ladesk.com/scripts/track.js"]);
    expect(tags.find((tag) => tag.id === "live-chat-button")!.code).toContain('createButton("ab12cd34"');
  });

  it("leave out what the site has no id for", () => {
    const none: TagSettings = { gtmId: null, pixelIds: [], criteoKey: null, klaviyoKey: null, liveAgent: null };
    expect(tagsFor(consent("analytics", "marketing", "chat"), none, VISITOR)).toEqual([]);
    expect(offeredCategories(none)).toEqual([]);
    expect(offeredCategories(SETTINGS)).toEqual(["analytics", "marketing", "chat"]);
    expect(offeredCategories({ ...none, klaviyoKey: "AbC123" })).toEqual(["marketing"]);
  });

  it("cannot be broken out of by a visitor's name", () => {
    const code = tagsFor(consent("marketing"), SETTINGS, { ...VISITOR!, firstName: "</script><script>alert(1)</script>" }).find((tag) => tag.id === "klaviyo-identify")!.code!;
    expect(code).not.toContain("</script>");
  });
});

describe("a site language's tag settings", () => {
  const site = (pivot: Partial<Record<"gtm_id" | "pixel_id" | "live_agent_id", string | null>>, keys: { criteo_key?: string | null; klaviyo_key?: string | null } = {}) => ({
    criteo_key: keys.criteo_key ?? null,
    klaviyo_key: keys.klaviyo_key ?? null,
    languages: [
      { iso_code: "lt", pivot: { gtm_id: null, pixel_id: null, live_agent_id: null, ...pivot } },
      { iso_code: "en", pivot: { gtm_id: "GTM-OTHER1", pixel_id: null, live_agent_id: null } },
    ],
  });

  it("read the language's own ids and the site's keys", () => {
    expect(tagSettingsFor(site({ gtm_id: "GTM-TEST01", pixel_id: " 1234567890, 2345678901 ,1234567890", live_agent_id: "Shipwise:ab12cd34" }, { criteo_key: "12345", klaviyo_key: "AbC123" }), "lt")).toEqual(SETTINGS);
    expect(tagSettingsFor(site({}), "en").gtmId).toBe("GTM-OTHER1");
    expect(tagSettingsFor(site({}), "ee")).toMatchObject({ gtmId: null, pixelIds: [], liveAgent: null });
  });

  it("drop ids in another format than the vendor's, so nothing else reaches a URL or a script", () => {
    const settings = tagSettingsFor(site({ gtm_id: 'GTM-1"></script>', pixel_id: "123,abc,1234567890", live_agent_id: "evil.example/x" }, { criteo_key: "1;alert(1)", klaviyo_key: "a b" }), "lt");
    expect(settings).toEqual({ gtmId: null, pixelIds: ["1234567890"], criteoKey: null, klaviyoKey: null, liveAgent: null });
  });
});

const IPAD = "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const ANDROID_PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";

describe("the retargeting device code (spec 9)", () => {
  it("is t for an iPad, m for a phone, d for a desktop", () => {
    expect(deviceCode(IPAD)).toBe("t");
    expect(deviceCode(IPHONE)).toBe("m");
    expect(deviceCode(ANDROID_PHONE)).toBe("m");
    expect(deviceCode(DESKTOP)).toBe("d");
    expect(deviceCode("")).toBe("d");
  });
});

describe("the hashed email", () => {
  it("is the SHA-256 of the trimmed, lower-cased address", () => {
    expect(hashEmail("  Ona@Example.COM ")).toBe(createHash("sha256").update("ona@example.com").digest("hex"));
    expect(hashEmail("a@b.c")).toMatch(/^[0-9a-f]{64}$/);
  });
});
