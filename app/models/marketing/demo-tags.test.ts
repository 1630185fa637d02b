import { describe, expect, it } from "vitest";
import { parseDemoTagIds } from "./demo-tags.server";

describe("DEMO_TAG_IDS", () => {
  it("names the ids the demo's default site gets", () => {
    expect(parseDemoTagIds("gtm_id=GTM-TEST01; pixel_id=1234567890,2345678901;criteo_key=12345;klaviyo_key=AbC123;live_agent_id=shipwise:ab12cd34;")).toEqual({
      gtm_id: "GTM-TEST01",
      pixel_id: "1234567890,2345678901",
      criteo_key: "12345",
      klaviyo_key: "AbC123",
      live_agent_id: "shipwise:ab12cd34",
    });
  });

  it("refuses a key it does not know, so a typo does not go unnoticed", () => {
    expect(() => parseDemoTagIds("gtm=GTM-TEST01")).toThrow(/unknown key "gtm"/);
  });
});
