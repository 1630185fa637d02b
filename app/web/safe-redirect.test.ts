import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("follows paths on this site, with their query and fragment", () => {
    expect(safeRedirect("/en/my-orders?page=2", "/")).toBe("/en/my-orders?page=2");
    expect(safeRedirect("/lt/c/phones#filters", "/")).toBe("/lt/c/phones#filters");
  });

  it("refuses every target a browser would resolve to another site", () => {
    const targets = [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example", // redirectTo=%2F%09%2Fevil.example: browsers drop the tab
      "/\n/evil.example",
      "/\r\n/evil.example",
      "\\/evil.example",
      " /evil.example",
      "javascript:alert(1)",
      "",
      null,
      undefined,
    ];
    for (const target of targets) expect(safeRedirect(target, "/en"), JSON.stringify(target)).toBe("/en");
  });

  it("never returns a control character that would break the Location header", () => {
    const target = safeRedirect("/en/x\r\nSet-Cookie: a=b", "/en");
    expect(target).not.toMatch(/[\r\n]/);
    expect(target.startsWith("/en/x")).toBe(true);
  });
});
