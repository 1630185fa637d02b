import { describe, expect, it } from "vitest";
import { MAX_PAGE, pageNumber } from "./pages";

describe("a list's page number", () => {
  it("is a whole number from 1 to the last page offered, whatever the address says", () => {
    expect([undefined, Number.NaN, 0, -3, 1, 2.7, 5, MAX_PAGE + 1].map(pageNumber)).toEqual([1, 1, 1, 1, 1, 2, 5, MAX_PAGE]);
  });
});
