import { describe, expect, it } from "vitest";
import { articleJsonLd, faqPageJsonLd, jsonLdText } from "./json-ld";

describe("faqPageJsonLd", () => {
  it("lists each question with its accepted answer", () => {
    expect(faqPageJsonLd([{ question: "Q?", answer: "A." }])).toEqual({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: [{ "@type": "Question", name: "Q?", acceptedAnswer: { "@type": "Answer", text: "A." } }],
    });
  });
});

describe("articleJsonLd", () => {
  const facts = {
    title: "Air or sea",
    excerpt: "Which one",
    publishedAt: "2026-10-20T00:00:00.000Z",
    author: "Rūta Petraitytė",
    image: "/media/demo/blog-1.svg",
    url: "https://shop.test/en/blog/air-or-sea",
    origin: "https://shop.test",
    siteName: "Shop",
    language: "en",
  };

  it("names the headline, date, author and an absolute image", () => {
    const json = articleJsonLd(facts);
    expect(json).toMatchObject({
      "@type": "Article",
      headline: "Air or sea",
      datePublished: "2026-10-20T00:00:00.000Z",
      author: { "@type": "Person", name: "Rūta Petraitytė" },
      image: ["https://shop.test/media/demo/blog-1.svg"],
    });
  });

  it("credits the site when the post names no author, and leaves out a missing image", () => {
    const json = articleJsonLd({ ...facts, author: "", image: null });
    expect(json.author).toEqual({ "@type": "Organization", name: "Shop", url: "https://shop.test" });
    expect(json).not.toHaveProperty("image");
  });
});

describe("jsonLdText", () => {
  it("cannot close its script tag, and reads back as the same value", () => {
    const value = { text: "</script><b>" };
    const text = jsonLdText(value);
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual(value);
  });
});
