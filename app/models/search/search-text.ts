// How the shop reads search text. The server's search and the search bar's
// suggestions share these rules, so the words a suggestion was found by are
// the words the results page searches for.

/** A search reads this many words of its text at most, */
export const MAX_WORDS = 8;
/** each cut to this many characters, */
export const MAX_WORD_LENGTH = 40;
/** from this many characters of the text. */
export const MAX_TEXT_READ = 400;

/**
 * Words of the search text: letters and digits only. The server reads the
 * words it searches for with the catalogue's own parser (searchWords); these
 * say whether there are any, and key the search bar's questions.
 */
export function searchTokens(text: string) {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS).map((t) => t.slice(0, MAX_WORD_LENGTH));
}

/** Suggestions start at this many letters or digits: one letter matches too much to help. */
export const MIN_SUGGEST_LENGTH = 2;

/**
 * The question a search text asks: its words in lower case, one space apart.
 * "  Sony  WH-1000 " and "sony wh 1000" ask the same, so the search bar asks
 * again only when this changes. Null when too short to suggest anything.
 */
export function suggestQuery(text: string): string | null {
  const query = searchTokens(text).join(" ");
  return query.replace(/ /g, "").length >= MIN_SUGGEST_LENGTH ? query : null;
}
