import { describe, expect, it } from "vitest";
import { blogPage, blogPageHref, longDate } from "./blog";

describe("blogPage", () => {
  it("is page 1 without a parameter, even with no posts", () => {
    expect(blogPage(null, 9, 4)).toEqual({ page: 1, pages: 3 });
    expect(blogPage(null, 0, 4)).toEqual({ page: 1, pages: 1 });
  });

  it("gives a page in range", () => {
    expect(blogPage("3", 9, 4)).toEqual({ page: 3, pages: 3 });
  });

  it("sends a page past the last to the last", () => {
    expect(blogPage("4", 9, 4)).toEqual({ redirectTo: 3 });
    expect(blogPage("999999", 9, 4)).toEqual({ redirectTo: 3 });
  });

  it("sends ?page=1 and anything not a page number to the first page", () => {
    for (const param of ["1", "0", "-2", "2.5", "two", "", "01", "9999999"]) expect(blogPage(param, 9, 4)).toEqual({ redirectTo: 1 });
  });
});

describe("blogPageHref", () => {
  it("has no parameter for the first page", () => {
    expect(blogPageHref(1)).toBe("/blog");
    expect(blogPageHref(2)).toBe("/blog?page=2");
  });
});

describe("longDate", () => {
  it("writes the date in the page's language, as a UTC day", () => {
    const date = new Date("2026-10-20T23:30:00Z");
    expect(longDate(date, "en")).toBe("October 20, 2026");
    expect(longDate(date, "lt")).toContain("spalio 20");
    expect(longDate(date, "lv")).toContain("20. oktobris");
    expect(longDate(date, "ee")).toBe("20. oktoober 2026");
  });
});
