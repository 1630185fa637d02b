import { createHash } from "node:crypto";
import type { Locale } from "~/lib/i18n";
import { translationsFor } from "./i18n.server";

// A language's texts as the file routes/texts.$file.ts serves
// (platform/page-texts.tsx says why), made once per language: their JSON,
// and a hash of it that names the file, so a changed text is a new name
// and a browser never keeps an old one.

export type TextsFile = { json: string; hash: string; href: string };

const files = new Map<Locale, TextsFile>();

export function textsFile(locale: Locale): TextsFile {
  let file = files.get(locale);
  if (!file) {
    const json = JSON.stringify(translationsFor(locale));
    const hash = createHash("sha256").update(json).digest("hex").slice(0, 16);
    file = { json, hash, href: `/texts/${locale}.${hash}.json` };
    files.set(locale, file);
  }
  return file;
}
