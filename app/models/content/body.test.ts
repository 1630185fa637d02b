import { describe, expect, it } from "vitest";
import { bodyBlocks, inlineParts, safeHref, sanitiseBody, sanitiseLine, summary } from "./body";

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

describe("inline parts", () => {
  it("makes [words](address) a link and **words** strong, the rest text", () => {
    expect(inlineParts("See [our terms](/purchase-agreement) or **write** to [us](mailto:help@example.com).")).toEqual([
      { kind: "text", text: "See " },
      { kind: "link", text: "our terms", href: "/purchase-agreement" },
      { kind: "text", text: " or " },
      { kind: "strong", text: "write" },
      { kind: "text", text: " to " },
      { kind: "link", text: "us", href: "mailto:help@example.com" },
      { kind: "text", text: "." },
    ]);
  });

  it("shows a link to an unsafe address as its words only", () => {
    expect(inlineParts("[click](javascript:alert(1))")).toEqual([{ kind: "text", text: "click" }, { kind: "text", text: ")" }]);
    expect(inlineParts("[x](//evil.example/a)")).toEqual([{ kind: "text", text: "x" }]);
    expect(inlineParts("[x](data:text/html,hi)")).toEqual([{ kind: "text", text: "x" }]);
  });

  it("lets through the web, email and the shop's own paths only", () => {
    for (const href of ["https://example.com/a?b=c", "http://example.com", "mailto:a@example.com", "/faq", "/lt/kontaktai"]) expect(safeHref(href), href).toBe(true);
    for (const href of ["javascript:alert(1)", "JAVASCRIPT:alert(1)", "data:text/html,x", "vbscript:x", "//evil.example", "/\\evil.example", "https://", "ftp://x"]) expect(safeHref(href), href).toBe(false);
  });
});

describe("sanitiseBody", () => {
  it("takes out HTML, a script with what it holds, comments and control characters, and keeps the text", () => {
    expect(sanitiseBody("<p>Hello <b>there</b></p><script>alert(1)</script>\r\n\r\n<!-- note -->Bye\u0000\u202e")).toBe("Hello there\n\nBye");
    // A tag split to rebuild itself once the inner one is gone is gone too; what is left is only text.
    expect(sanitiseBody("<scr<script>x</script>ipt>alert(1)</script>")).toBe("xipt>alert(1)");
    expect(sanitiseBody('<img src=x onerror="alert(1)">Text')).toBe("Text");
    expect(sanitiseBody("<style>body{display:none}")).toBe("");
  });

  it("leaves a link to an unsafe address as its words, and a safe one as it is", () => {
    expect(sanitiseBody("[pay here](javascript:steal%28%29) and [FAQ](/faq)")).toBe("pay here and [FAQ](/faq)");
  });

  it("keeps what is not HTML: a less-than sign, a heart, Markdown", () => {
    expect(sanitiseBody("## Sizes\n\n- 2 < 3\n- I <3 it   \n\n\n\nEnd")).toBe("## Sizes\n\n- 2 < 3\n- I <3 it\n\nEnd");
  });

  it("puts a one-line field on one line", () => {
    expect(sanitiseLine("  How <em>long</em>\n does it take? ")).toBe("How long does it take?");
  });
});
