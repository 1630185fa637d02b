// Content pages, blog posts and FAQ answers are stored as plain text:
// paragraphs separated by a blank line, a paragraph beginning with "## "
// being a heading, and one whose every line begins with "- " a list; within
// a paragraph or an item, [words](address) is a link and **words** strong.
// No markup from the database reaches the page as HTML: each part is drawn
// as text by React, and a link only to an address safeHref lets through.
// What staff save goes through sanitiseBody first, so what is stored is
// what is shown.

export type BodyBlock = { kind: "heading" | "paragraph"; text: string } | { kind: "list"; items: string[] };

const LIST_ITEM = /^[-*]\s+/;

export function bodyBlocks(body: string): BodyBlock[] {
  return body
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block): BodyBlock => {
      if (/^#{1,6}\s/.test(block)) return { kind: "heading", text: block.replace(/^#+\s*/, "") };
      const lines = block.split("\n").map((line) => line.trim());
      if (lines.every((line) => LIST_ITEM.test(line))) return { kind: "list", items: lines.map((line) => line.replace(LIST_ITEM, "")) };
      return { kind: "paragraph", text: block };
    });
}

export type InlinePart = { kind: "text" | "strong"; text: string } | { kind: "link"; text: string; href: string };

const LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)/g;
const INLINE = /\[([^\]\n]+)\]\(([^)\s]+)\)|\*\*([^*\n]+)\*\*/g;

/**
 * Whether a link may point there: the web (https, http), an email address,
 * or a path of the shop itself. Anything else (javascript:, data:, a
 * protocol-relative //host) is never a link.
 */
export function safeHref(href: string) {
  return /^(https?:\/\/[^\s/]+|mailto:[^\s@]+@[^\s@]+$)/i.test(href) || /^\/(?!\/)[^\s\\]*$/.test(href);
}

/** A paragraph's or an item's text as its parts: plain, strong and links (an unsafe link is its words only). */
export function inlineParts(text: string): InlinePart[] {
  const parts: InlinePart[] = [];
  let from = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > from) parts.push({ kind: "text", text: text.slice(from, match.index) });
    const [, words, href, strong] = match;
    if (strong !== undefined) parts.push({ kind: "strong", text: strong });
    else if (safeHref(href!)) parts.push({ kind: "link", text: words!, href: href! });
    else parts.push({ kind: "text", text: words! });
    from = match.index + match[0].length;
  }
  if (from < text.length) parts.push({ kind: "text", text: text.slice(from) });
  return parts;
}

// Control characters but the line break and tab, and the marks that turn the direction of text (which can disguise an address).
// eslint-disable-next-line no-control-regex -- finding control characters is the point.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/g;
const HTML = /<(script|style|iframe|object|embed|template|noscript)\b[\s\S]*?(<\/\1\s*>|$)|<!--[\s\S]*?(-->|$)|<\/?[a-zA-Z][^>]*>/gi;

/**
 * A text as staff save it: line breaks made plain, control characters and
 * any HTML taken out (a script or a style with what it holds), links to an
 * address safeHref refuses left as their words, trailing spaces trimmed.
 */
export function sanitiseBody(text: string) {
  let clean = text.replace(/\r\n?/g, "\n").replace(CONTROL, "");
  // Removing a tag can join the halves of another ("<scr<b>ipt>"): again until nothing changes.
  for (let before = ""; before !== clean; ) [before, clean] = [clean, clean.replace(HTML, "")];
  clean = clean.replace(LINK, (link, words: string, href: string) => (safeHref(href) ? link : words));
  return clean
    .split("\n")
    .map((line) => line.replace(/[ \t]+$/, ""))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** A one-line text (a title, a question, an SEO field): as sanitiseBody, on one line. */
export function sanitiseLine(text: string) {
  return sanitiseBody(text).replace(/\s+/g, " ");
}

/** The text without its marks: links as their words, no strong marks, no heading or list marks. For JSON-LD and descriptions. */
export function plainText(text: string) {
  return text.replace(LINK, "$1").replace(/\*\*([^*\n]+)\*\*/g, "$1").replace(/^(#+|[-*])\s+/gm, "");
}

/** A meta description: the text on one line, headings' marks removed, cut at a word within `max` characters. */
export function summary(text: string, max = 160) {
  const flat = plainText(text).replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  // The last space that leaves room for the ellipsis; a word longer than half the text is cut inside.
  const space = flat.lastIndexOf(" ", max - 1);
  const cut = flat.slice(0, space > max / 2 ? space : max - 1);
  return `${cut.replace(/[\s,.;:–-]+$/, "")}…`;
}
