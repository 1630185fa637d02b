// Blog posts and FAQ answers are stored as plain text: paragraphs separated
// by a blank line, a paragraph beginning with "## " being a heading. No
// markup from the database reaches the page as HTML.

export type BodyBlock = { kind: "heading" | "paragraph"; text: string };

export function bodyBlocks(body: string): BodyBlock[] {
  return body
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => (/^#{1,6}\s/.test(block) ? { kind: "heading", text: block.replace(/^#+\s*/, "") } : { kind: "paragraph", text: block }));
}

/** A meta description: the text on one line, headings' marks removed, cut at a word within `max` characters. */
export function summary(text: string, max = 160) {
  const flat = text.replace(/^#+\s*/gm, "").replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  // The last space that leaves room for the ellipsis; a word longer than half the text is cut inside.
  const space = flat.lastIndexOf(" ", max - 1);
  const cut = flat.slice(0, space > max / 2 ? space : max - 1);
  return `${cut.replace(/[\s,.;:–-]+$/, "")}…`;
}
