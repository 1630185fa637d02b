import { describe, expect, it } from "vitest";
import { formatCount } from "./i18n";

describe("a count, as each language writes it", () => {
  it("groups thousands the language's way, with a space that does not break where it uses one", () => {
    expect(formatCount("en", 264465)).toBe("264,465");
    for (const locale of ["lt", "lv", "ee"] as const) expect(formatCount(locale, 264465), locale).toBe("264\u00a0465");
    // Latvian and Estonian leave four digits whole; Lithuanian does not.
    expect(formatCount("lt", 1234)).toBe("1\u00a0234");
    expect(formatCount("ee", 1234)).toBe("1234");
    expect(formatCount("en", 48)).toBe("48");
  });
});
