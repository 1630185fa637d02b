import { describe, expect, it } from "vitest";
import { bodyBlocks, summary } from "./body";

describe("bodyBlocks", () => {
  it("splits paragraphs on blank lines and knows headings", () => {
    expect(bodyBlocks("Intro line\nsame paragraph\n\n## Air\n\n  \nFast.")).toEqual([
      { kind: "paragraph", text: "Intro line\nsame paragraph" },
      { kind: "heading", text: "Air" },
      { kind: "paragraph", text: "Fast." },
    ]);
  });

  it("makes a block whose every line begins with '- ' a list, and nothing else", () => {
    expect(bodyBlocks("- Email: help@example.com\n- Phone: +370 5 200 0000\n\nWe answer - usually - within a day.\n\n- one\nnot an item")).toEqual([
      { kind: "list", items: ["Email: help@example.com", "Phone: +370 5 200 0000"] },
      { kind: "paragraph", text: "We answer - usually - within a day." },
      { kind: "paragraph", text: "- one\nnot an item" },
    ]);
  });

  it("keeps a '#' that does not start a heading", () => {
    expect(bodyBlocks("#1 choice")).toEqual([{ kind: "paragraph", text: "#1 choice" }]);
  });
});

describe("summary", () => {
  it("keeps a short text whole, on one line", () => {
    expect(summary("## Air\n\nFast   and\nsafe.")).toBe("Air Fast and safe.");
  });

  it("cuts a long text at a word and marks the cut", () => {
    const text = "word ".repeat(50);
    const cut = summary(text, 30);
    expect(cut.length).toBeLessThanOrEqual(30);
    expect(cut).toBe("word word word word word word…");
  });
});
