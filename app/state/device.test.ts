import { describe, expect, it } from "vitest";
import { deviceForWidth } from "./device";

describe("layout mode", () => {
  it("is desktop over 1200 px, tablet from 1025 to 1200, mobile at 1024 or less", () => {
    expect(deviceForWidth(1920)).toBe("desktop");
    expect(deviceForWidth(1201)).toBe("desktop");
    expect(deviceForWidth(1200)).toBe("tablet");
    expect(deviceForWidth(1025)).toBe("tablet");
    expect(deviceForWidth(1024)).toBe("mobile");
    expect(deviceForWidth(320)).toBe("mobile");
  });
});
