import { describe, expect, it } from "vitest";
import { normalizeTrackingNumber, TRACKING_NUMBER_MAX } from "./tracking-number";

describe("tracking numbers as typed", () => {
  it("are looked up in capitals without spaces", () => {
    expect(normalizeTrackingNumber("  lt 1234 5678 9 ")).toBe("LT123456789");
    expect(normalizeTrackingNumber("Fr12\t34")).toBe("FR1234");
  });
  it("are nothing when empty or far too long", () => {
    expect(normalizeTrackingNumber("   ")).toBeNull();
    expect(normalizeTrackingNumber("A".repeat(TRACKING_NUMBER_MAX + 1))).toBeNull();
    expect(normalizeTrackingNumber("A".repeat(TRACKING_NUMBER_MAX))).toHaveLength(TRACKING_NUMBER_MAX);
  });
});
