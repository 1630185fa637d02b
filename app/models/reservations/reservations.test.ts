import { describe, expect, it } from "vitest";
import { groupByModel, isConfirmToken, parseReservationNumber, phoneLabel, reservationNumber, storageLabel, unitsLeft } from "./reservations";

describe("reservation rules", () => {
  it("writes and reads reservation numbers", () => {
    expect(reservationNumber(12)).toBe("R12");
    expect(parseReservationNumber("R12")).toBe(12);
    expect(parseReservationNumber(" r7 ")).toBe(7);
    expect(parseReservationNumber("12")).toBe(12);
    for (const bad of ["", "R", "R0", "QU12", "R1.5", "R-3", "R12x"]) expect(parseReservationNumber(bad), bad).toBeNull();
  });

  it("writes storage as phones are sold", () => {
    expect(storageLabel(256)).toBe("256 GB");
    expect(storageLabel(1024)).toBe("1 TB");
    expect(storageLabel(2048)).toBe("2 TB");
    expect(storageLabel(1536)).toBe("1536 GB");
    expect(phoneLabel({ model: "iPhone 17 Pro", colour: "Deep Blue", storage_gb: 256 })).toBe("iPhone 17 Pro, Deep Blue, 256 GB");
  });

  it("never shows fewer than zero units left", () => {
    expect(unitsLeft({ allocation: 5, reserved: 2 })).toBe(3);
    expect(unitsLeft({ allocation: 2, reserved: 2 })).toBe(0);
    expect(unitsLeft({ allocation: 1, reserved: 3 })).toBe(0);
  });

  it("knows its own link secrets", () => {
    expect(isConfirmToken("a".repeat(43))).toBe(true);
    expect(isConfirmToken("Ab3_-".repeat(8) + "xyz")).toBe(true);
    expect(isConfirmToken("a".repeat(42))).toBe(false);
    expect(isConfirmToken(`${"a".repeat(42)}/`)).toBe(false);
    expect(isConfirmToken(undefined)).toBe(false);
  });

  it("groups options by model with the lowest price and what is left", () => {
    const option = (id: number, model: string, price: number, allocation: number, reserved: number) => ({ id, model, colour: "Black", storage_gb: 256, price_minor: price, allocation, reserved });
    const groups = groupByModel([option(1, "A", 900, 3, 1), option(2, "A", 700, 2, 2), option(3, "B", 1000, 0, 0)]);
    expect(groups.map(({ model, fromMinor, left, options }) => ({ model, fromMinor, left, ids: options.map((o) => o.id) }))).toEqual([
      { model: "A", fromMinor: 700, left: 2, ids: [1, 2] },
      { model: "B", fromMinor: 1000, left: 0, ids: [3] },
    ]);
  });
});
