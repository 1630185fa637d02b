import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./format";

describe("dates", () => {
  it("read yyyy-MM-dd and HH:mm", () => {
    expect(formatDate("2026-03-04T05:06:07Z")).toBe("2026-03-04");
    expect(formatDateTime(new Date("2026-12-31T23:59:00Z"))).toBe("2026-12-31 23:59");
  });
});
