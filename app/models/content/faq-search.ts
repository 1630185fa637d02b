// The FAQ's own search: a shopper's words against the questions and answers
// of one language. The FAQ holds dozens of entries, so they are matched here
// rather than by the database, and the same way on PGlite and PostgreSQL.

/** At most this many words of a query count; the rest are ignored. */
const MAX_WORDS = 8;
/** A longer query is cut: nobody types a question this long. */
export const MAX_QUERY_LENGTH = 200;

/**
 * Lower case without accents: "Ąžuolas", "ĀŽUOLS" and "Õun" become
 * "azuolas", "azuols" and "oun". Every Lithuanian, Latvian and Estonian
 * letter splits into a Latin letter and a combining mark, which is dropped.
 */
export function foldText(text: string) {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

function wordsOf(text: string) {
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The distinct words of a query, folded, the first MAX_WORDS of them. */
export function queryWords(query: string) {
  return [...new Set(wordsOf(query.slice(0, MAX_QUERY_LENGTH)))].slice(0, MAX_WORDS);
}

/**
 * Whether every word of the query begins a word of the question or answer:
 * "pristat" finds "pristatymas", "air" does not find "repair". No words
 * match everything.
 */
export function matchesQuery(entry: { question: string; answer: string }, words: readonly string[]) {
  if (words.length === 0) return true;
  const own = wordsOf(`${entry.question} ${entry.answer}`);
  return words.every((word) => own.some((w) => w.startsWith(word)));
}
