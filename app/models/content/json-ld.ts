import { plainText } from "./body";

// schema.org data for search engines: FAQPage for the FAQ, Article for a blog
// post. Built from our own texts; jsonLdText makes it safe inside <script>.

export function faqPageJsonLd(entries: readonly { question: string; answer: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: entries.map((entry) => ({
      "@type": "Question",
      name: entry.question,
      acceptedAnswer: { "@type": "Answer", text: plainText(entry.answer) },
    })),
  };
}

export type ArticleFacts = {
  title: string;
  excerpt: string;
  /** ISO 8601. */
  publishedAt: string;
  author: string;
  /** A path on the site, or null. */
  image: string | null;
  /** The post's own address. */
  url: string;
  origin: string;
  siteName: string;
  /** BCP 47, e.g. "et". */
  language: string;
};

/** A post without a named author is credited to the site. */
export function articleJsonLd(post: ArticleFacts) {
  const publisher = { "@type": "Organization", name: post.siteName, url: post.origin };
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: post.title,
    description: post.excerpt,
    datePublished: post.publishedAt,
    author: post.author ? { "@type": "Person", name: post.author } : publisher,
    publisher,
    ...(post.image ? { image: [new URL(post.image, post.origin).toString()] } : {}),
    mainEntityOfPage: post.url,
    inLanguage: post.language,
  };
}

/** JSON for a <script type="application/ld+json">: "<" is escaped so no text can close the tag. */
export function jsonLdText(value: unknown) {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
