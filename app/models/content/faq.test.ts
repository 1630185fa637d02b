import { describe, expect, it } from "vitest";
import { faqCategory, groupByCategory } from "./faq";

describe("groupByCategory", () => {
  it("groups in the categories' order, keeps each group's order, puts unknown categories last under other", () => {
    const entries = [
      { slug: "a", category: "returns" },
      { slug: "b", category: "ordering" },
      { slug: "c", category: "typo" },
      { slug: "d", category: "returns" },
    ];
    expect(groupByCategory(entries).map((g) => [g.category, g.entries.map((e) => e.slug)])).toEqual([
      ["ordering", ["b"]],
      ["returns", ["a", "d"]],
      ["other", ["c"]],
    ]);
  });

  it("leaves out empty categories", () => {
    expect(groupByCategory([])).toEqual([]);
  });
});

describe("faqCategory", () => {
  it("knows the five categories and calls anything else other", () => {
    expect(faqCategory("quotes")).toBe("quotes");
    expect(faqCategory("")).toBe("other");
  });
});
