// Content pages, blog posts and FAQ answers are stored as plain text:
// paragraphs separated by a blank line, a paragraph beginning with "## "
// being a heading, and one whose every line begins with "- " a list. No
// markup from the database reaches the page as HTML.

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

/** A meta description: the text on one line, headings' marks removed, cut at a word within `max` characters. */
export function summary(text: string, max = 160) {
  const flat = text.replace(/^(#+|[-*])\s+/gm, "").replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  // The last space that leaves room for the ellipsis; a word longer than half the text is cut inside.
  const space = flat.lastIndexOf(" ", max - 1);
  const cut = flat.slice(0, space > max / 2 ? space : max - 1);
  return `${cut.replace(/[\s,.;:–-]+$/, "")}…`;
}
