import { describe, expect, it } from "vitest";
import { chargeNoticeDue, freeUntil, reminderDue, storageFeeDays, storageFeeMinor } from "./storage";

const at = (iso: string) => new Date(iso);

describe("freeUntil", () => {
  it("is the arrival plus the free days", () => {
    expect(freeUntil(at("2026-01-01T15:00:00Z"), 30).toISOString()).toBe("2026-01-31T15:00:00.000Z");
    expect(freeUntil(at("2026-01-01T15:00:00Z"), 0).toISOString()).toBe("2026-01-01T15:00:00.000Z");
  });

  it("refuses a negative or fractional number of days", () => {
    expect(() => freeUntil(at("2026-01-01T00:00:00Z"), -1)).toThrow(RangeError);
    expect(() => freeUntil(at("2026-01-01T00:00:00Z"), 1.5)).toThrow(RangeError);
  });
});

describe("storageFeeDays", () => {
  const end = at("2026-01-31T15:00:00Z");

  it("charges nothing without a free_until (not arrived yet)", () => {
    expect(storageFeeDays(null, at("2030-01-01T00:00:00Z"))).toBe(0);
  });

  it("charges nothing before and exactly at the end of free time", () => {
    expect(storageFeeDays(end, at("2026-01-10T00:00:00Z"))).toBe(0);
    expect(storageFeeDays(end, end)).toBe(0);
  });

  it("keeps the rest of the day free time ends in free", () => {
    expect(storageFeeDays(end, at("2026-01-31T23:59:59.999Z"))).toBe(0);
  });

  it("charges a begun day whole", () => {
    expect(storageFeeDays(end, at("2026-02-01T00:00:00Z"))).toBe(1);
    expect(storageFeeDays(end, at("2026-02-01T23:00:00Z"))).toBe(1);
    expect(storageFeeDays(end, at("2026-02-03T00:00:01Z"))).toBe(3);
  });

  it("counts UTC days, whatever offset the moments were written with", () => {
    // 01:30 in Vilnius on 1 February is still 31 January in UTC.
    expect(storageFeeDays(end, at("2026-02-01T01:30:00+02:00"))).toBe(0);
    // 20:00 in New York on 31 January is already 1 February in UTC.
    expect(storageFeeDays(end, at("2026-01-31T20:00:00-05:00"))).toBe(1);
  });

  it("runs across a month and a leap day", () => {
    expect(storageFeeDays(at("2028-02-27T10:00:00Z"), at("2028-03-01T10:00:00Z"))).toBe(3);
  });
});

describe("storageFeeMinor", () => {
  it("is the fee days times the daily fee", () => {
    expect(storageFeeMinor(at("2026-01-31T15:00:00Z"), at("2026-02-05T08:00:00Z"), 50)).toBe(250);
    expect(storageFeeMinor(at("2026-01-31T15:00:00Z"), at("2026-01-31T16:00:00Z"), 50)).toBe(0);
    expect(storageFeeMinor(null, at("2026-01-31T16:00:00Z"), 50)).toBe(0);
  });
});

describe("reminderDue", () => {
  const end = at("2026-01-31T15:00:00Z");

  it("is due from three UTC days before free time ends until it ends", () => {
    expect(reminderDue(end, at("2026-01-27T23:59:00Z"))).toBe(false);
    expect(reminderDue(end, at("2026-01-28T00:00:00Z"))).toBe(true);
    expect(reminderDue(end, at("2026-01-31T23:00:00Z"))).toBe(true);
  });

  it("is no longer due once the fee has started, nor without a free_until", () => {
    expect(reminderDue(end, at("2026-02-01T00:00:00Z"))).toBe(false);
    expect(reminderDue(null, at("2026-01-30T00:00:00Z"))).toBe(false);
  });
});

describe("chargeNoticeDue", () => {
  const end = at("2026-01-31T15:00:00Z");

  it("is due from the first UTC day that costs, for CHARGE_NOTICE_WITHIN_DAYS days", () => {
    expect(chargeNoticeDue(end, at("2026-01-31T23:59:00Z"))).toBe(false);
    expect(chargeNoticeDue(end, at("2026-02-01T00:00:00Z"))).toBe(true);
    expect(chargeNoticeDue(end, at("2026-02-07T23:00:00Z"))).toBe(true);
    expect(chargeNoticeDue(end, at("2026-02-08T00:00:00Z"))).toBe(false);
    expect(chargeNoticeDue(null, at("2026-02-01T00:00:00Z"))).toBe(false);
  });
});
