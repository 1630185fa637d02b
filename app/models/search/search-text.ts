// How the shop reads search text. The server's search and the search bar's
// suggestions share these rules, so the words a suggestion was found by are
// the words the results page searches for.

/** Words of the search text: letters and digits only, so they are safe in a tsquery. */
export function searchTokens(text: string) {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8).map((t) => t.slice(0, 40));
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
