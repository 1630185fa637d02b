import { inflateSync } from "node:zlib";

// What a PDF made by pdfkit says, read back well enough for tests: its
// document title, and the characters its embedded fonts can show (their
// ToUnicode maps). Not a PDF parser: it knows pdfkit's output only.

/** The streams of the file, inflated where they were deflated. */
function streams(pdf: Buffer): string[] {
  const out: string[] = [];
  let from = 0;
  for (;;) {
    const start = pdf.indexOf("stream\n", from, "latin1");
    if (start === -1) return out;
    const end = pdf.indexOf("\nendstream", start, "latin1");
    if (end === -1) return out;
    const body = pdf.subarray(start + "stream\n".length, end);
    try {
      out.push(inflateSync(body).toString("latin1"));
    } catch {
      out.push(body.toString("latin1"));
    }
    from = end + "\nendstream".length;
  }
}

/** Every character some embedded font's ToUnicode map names. */
export function mappedCharacters(pdf: Buffer): Set<string> {
  const characters = new Set<string>();
  for (const stream of streams(pdf).filter((text) => text.includes("begincmap"))) {
    const ranges = stream.match(/beginbf(?:range|char)[\s\S]*?endbf(?:range|char)/g) ?? [];
    for (const range of ranges) {
      for (const [, hex] of range.matchAll(/<([0-9a-fA-F]{4,})>/g)) {
        const units = hex!.match(/.{4}/g)!.map((unit) => parseInt(unit, 16));
        characters.add(String.fromCharCode(...units));
      }
    }
  }
  return characters;
}

/** A literal string's bytes, its escapes undone; UTF-16 when it starts with the byte order mark, as pdfkit writes text beyond ASCII. */
function literal(body: string): string {
  const bytes = body.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, escape: string) => {
    const named: Record<string, string> = { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" };
    return /^[0-7]/.test(escape) ? String.fromCharCode(parseInt(escape, 8)) : (named[escape] ?? escape);
  });
  if (!bytes.startsWith("\xfe\xff")) return bytes;
  return Buffer.from(bytes.slice(2), "latin1").swap16().toString("utf16le");
}

/** The document's title as its information dictionary holds it, directly or as an object of its own. */
export function pdfTitle(pdf: Buffer): string | null {
  const text = pdf.toString("latin1");
  const reference = /\/Title (\d+) 0 R/.exec(text);
  const source = reference ? new RegExp(`\\n${reference[1]} 0 obj\\n\\(((?:\\\\[\\s\\S]|[^\\\\)])*)\\)`).exec(text) : /\/Title \(((?:\\[\s\S]|[^\\)])*)\)/.exec(text);
  return source ? literal(source[1]!) : null;
}
