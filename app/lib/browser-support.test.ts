import { describe, expect, it } from "vitest";
import { isUnsupportedBrowser } from "./browser-support";

describe("unsupported browsers", () => {
  it("are Internet Explorer, Edge before 18 and Safari before 12", () => {
    expect(isUnsupportedBrowser("Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko")).toBe(true);
    expect(isUnsupportedBrowser("Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1)")).toBe(true);
    expect(isUnsupportedBrowser("Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/64.0 Safari/537.36 Edge/17.17134")).toBe(true);
    expect(isUnsupportedBrowser("Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0 Safari/537.36 Edge/18.17763")).toBe(false);
    expect(isUnsupportedBrowser("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_13_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/11.1.2 Safari/605.1.15")).toBe(true);
    expect(isUnsupportedBrowser("Mozilla/5.0 (iPhone; CPU iPhone OS 11_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/11.0 Mobile/15E148 Safari/604.1")).toBe(true);
    expect(isUnsupportedBrowser("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15")).toBe(false);
    expect(isUnsupportedBrowser("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36")).toBe(false);
  });
});
