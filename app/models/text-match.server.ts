import { sql } from "kysely";
import type { Locale } from "~/lib/i18n";
import { rowOf, type CatalogueIndex } from "./catalogue-index";
import { db, type DB } from "./db.server";
import type { TextMatch } from "./listing-engine";

// What a search text matches, in the shopper's language (decision 005 and
// 014): each word as a prefix of the catalogue's words, or as a close real
// word when misspelt, with case and diacritics ignored. The words and the
// products holding them come from search_postings; how well a product
// matched is what listings sort by relevance with.

/** A search word and the real words it may be a misspelling of. */
export type Token = { word: string; alternatives: string[] };

/** Words shorter than this are matched as prefixes only: too short to guess a misspelling. */
const MIN_FUZZY_LENGTH = 4;

/** A word in a product's name weighs as much as ten in its description (ts_rank's A and D weights, 1 and 0.1). */
const NAME_SCORE = 10;
const DESCRIPTION_SCORE = 1;

const languageId = (locale: Locale) => sql<number>`(select id from languages where iso_code = ${locale})`;

/**
 * Finds, for each word the shopper typed, the closest words of the catalogue
 * in that language (trigram similarity over search_words), so a typo still
 * finds the product it meant.
 */
export async function expandTokens(locale: Locale, words: string[]): Promise<Token[]> {
  return Promise.all(
    words.map(async (word) => {
      if (word.length < MIN_FUZZY_LENGTH) return { word, alternatives: [] };
      const { rows } = await sql<{ word: string }>`
        select w.word from search_words w
        where w.language_id = ${languageId(locale)}
          and w.word % sf_unaccent(${word}) and w.word <> sf_unaccent(${word})
        order by similarity(w.word, sf_unaccent(${word})) desc, w.word
        limit 3`.execute(db());
      return { word, alternatives: rows.map((row) => row.word) };
    }),
  );
}

/**
 * How well each row matched one token: the best of its words that begin
 * with the token or are one of its close words, in the name or else in the
 * description; 0 where none matched.
 */
async function tokenScores(index: CatalogueIndex, locale: Locale, token: Token) {
  // Every word beginning with the prefix sorts (in the C collation) between
  // the prefix itself and the prefix followed by the highest code point.
  const { rows } = await sql<{ in_name: boolean; product_ids: Uint8Array }>`
    with prefix as (select sf_unaccent(${token.word}) collate "C" as word)
    select s.in_name, s.product_ids from search_postings s, prefix
    where s.language_id = ${languageId(locale)}
      and ((s.word >= prefix.word and s.word < prefix.word || chr(1114111)) or s.word = any(${token.alternatives}::text[]))`.execute(db());
  const scores = new Uint8Array(index.size);
  for (const { in_name, product_ids } of rows) {
    const score = in_name ? NAME_SCORE : DESCRIPTION_SCORE;
    const ids = new DataView(product_ids.buffer, product_ids.byteOffset, product_ids.byteLength);
    for (let at = 0; at < ids.byteLength; at += 4) {
      const row = rowOf(index, ids.getInt32(at));
      if (row >= 0 && scores[row]! < score) scores[row] = score;
    }
  }
  return scores;
}

/** The rows matching every token ("all") or any of them, scored by the sum of their tokens' scores. */
export async function matchText(index: CatalogueIndex, locale: Locale, tokens: Token[], mode: "all" | "any"): Promise<TextMatch> {
  const perToken = await Promise.all(tokens.map((token) => tokenScores(index, locale, token)));
  const rows = new Int32Array(index.size);
  const scores = new Int32Array(index.size);
  let n = 0;
  for (let row = 0; row < index.size; row++) {
    let sum = 0;
    let matched = 0;
    for (const token of perToken) {
      const score = token[row]!;
      if (score > 0) {
        sum += score;
        matched++;
      }
    }
    if (matched > 0 && (mode === "any" || matched === perToken.length)) {
      rows[n] = row;
      scores[n++] = sum;
    }
  }
  return { rows: rows.slice(0, n), scores: scores.slice(0, n) };
}

/**
 * Rebuilds the postings and the word list misspellings are matched against
 * from the products' search vectors. Run after product names or descriptions
 * change (the demo seed does).
 */
export async function refreshSearchIndex(database: DB = db()) {
  await sql`
    delete from search_postings;
    insert into search_postings (language_id, word, in_name, product_ids)
    select pt.language_id, w.lexeme, 'A' = any(w.weights), string_agg(int4send(pt.product_id::int), ''::bytea)
    from product_translations pt cross join lateral unnest(pt.search_vector) as w
    group by 1, 2, 3;

    delete from search_words;
    insert into search_words (language_id, word)
    select language_id, word from search_postings
    where in_name and length(word) >= 3 and word !~ '^[0-9]';`.execute(database);
}
