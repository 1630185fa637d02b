import { describe, expect, it } from "vitest";
import { UsageError } from "./admin-options";
import { parseReservationsArgs, parseStorage } from "./admin-reservations";

// Reading `npm run admin -- reservation …` command lines: bad input is a UsageError (exit code 2) before the database is touched.

describe("admin reservation commands", () => {
  it("reads an allocation, with and without a price", () => {
    expect(parseReservationsArgs("allocate", ["--model", "iPhone 17 Pro", "--colour", "Deep Blue", "--storage", "256", "--count", "20"])).toEqual({
      command: "reservation",
      action: "allocate",
      model: "iPhone 17 Pro",
      colour: "Deep Blue",
      storageGb: 256,
      count: 20,
      priceMinor: undefined,
    });
    expect(parseReservationsArgs("allocate", ["--model=iPhone 18", "--colour=Black", "--storage=1TB", "--count=0", "--price=1329.5"])).toMatchObject({ storageGb: 1024, count: 0, priceMinor: 132950 });
  });

  it.each([
    [["--colour", "Black", "--storage", "256", "--count", "1"]],
    [["--model", "iPhone 17", "--storage", "256", "--count", "1"]],
    [["--model", "iPhone 17", "--colour", "Black", "--count", "1"]],
    [["--model", "iPhone 17", "--colour", "Black", "--storage", "256"]],
    [["--model", "iPhone 17", "--colour", "Black", "--storage", "256", "--count", "-1"]],
    [["--model", "iPhone 17", "--colour", "Black", "--storage", "256", "--count", "2.5"]],
    [["--model", "iPhone 17", "--colour", "Black", "--storage", "256", "--count", "1", "--price", "9,99"]],
    [["--model", "iPhone 17", "--colour", "Black", "--storage", "big", "--count", "1"]],
    [["--model", "iPhone 17", "--colour", "Black", "--storage", "256", "--count", "1", "--size", "1"]],
  ])("refuses allocate %j", (args) => {
    expect(() => parseReservationsArgs("allocate", args)).toThrow(UsageError);
  });

  it("reads list, holders and cancel", () => {
    expect(parseReservationsArgs("list", [])).toEqual({ command: "reservation", action: "list", model: undefined });
    expect(parseReservationsArgs("holders", ["--status", "confirmed", "--model", "iPhone 17"])).toMatchObject({ status: "confirmed", model: "iPhone 17" });
    expect(() => parseReservationsArgs("holders", ["--status", "paid"])).toThrow(UsageError);
    expect(parseReservationsArgs("cancel", ["--reservation", "R12"])).toEqual({ command: "reservation", action: "cancel", reservationId: 12 });
    expect(() => parseReservationsArgs("cancel", ["--reservation", "QU12"])).toThrow(UsageError);
    expect(() => parseReservationsArgs("cancel", [])).toThrow(UsageError);
    expect(() => parseReservationsArgs("reserve", [])).toThrow(UsageError);
    expect(() => parseReservationsArgs(undefined, [])).toThrow(UsageError);
  });

  it("reads storage in gigabytes or terabytes", () => {
    expect(parseStorage("512")).toBe(512);
    expect(parseStorage("2 TB")).toBe(2048);
    expect(parseStorage("128gb")).toBe(128);
    for (const bad of ["0", "", "1.5TB", "256MB"]) expect(() => parseStorage(bad), bad).toThrow(UsageError);
  });
});
