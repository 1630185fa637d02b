import { sql } from "kysely";
import type { Locale } from "~/lib/i18n";
import { lru } from "~/lib/lru";
import { lruPerIndex, type CatalogueIndex } from "~/models/catalogue/catalogue-index";
import { db, type DB } from "~/models/db/db.server";
import { keptUntilWrite } from "~/models/db/kept-until-write.server";
import { replacePostings, scoreIds } from "./postings.server";
import { SEARCH_EDITS_LOCK } from "./search-edits.server";
import { MAX_TEXT_READ, MAX_WORD_LENGTH, MAX_WORDS, searchTokens } from "./search-text";
import { lentRowBytes, type TextMatch } from "~/models/catalogue/listing-engine";

// What a search text matches, in the shopper's language (decision 005 and
// 014): each word as a prefix of the catalogue's words, or as a close real
// word when misspelt, with case and diacritics ignored. The words and the
// products holding them come from search_postings; how well a product
// matched is what listings sort by relevance with.

/** A search word and the real words it may be a misspelling of. */
export type Token = { word: string; alternatives: string[] };

/** Words shorter than this are matched as prefixes only: too short to guess a misspelling. */
const MIN_FUZZY_LENGTH = 4;
/** Words shorter than this match only themselves, not as prefixes. */
const MIN_PREFIX_LENGTH = 2;

/** A word in a product's name weighs as much as ten in its description (ts_rank's A and D weights, 1 and 0.1). */
const NAME_SCORE = 10;
const DESCRIPTION_SCORE = 1;

const languageId = (locale: Locale) => sql<number>`(select id from languages where iso_code = ${locale})`;

/**
 * Close words found lately, by the postings' version, language and word:
 * shoppers type the same words again and again, and a trigram search over
 * the word list costs more than the rest of a cached search. An edit or a
 * refresh gives the postings a new version, so no entry outlives the words
 * it was found among.
 */
const EXPANDED_WORDS = 2_000;
const expandedWords = lru<Promise<string[]>>(EXPANDED_WORDS);

/** Texts read into words lately: the parser is asked once per text a shopper types. */
const READ_TEXTS = 2_000;
const readTexts = lru<Promise<string[]>>(READ_TEXTS);

/**
 * The words of a search text, read as the catalogue's own words were: by
 * PostgreSQL's text parser (migration 0003), which keeps "2.5" and
 * "wh-1000xm5" whole and reads "3e45d6" as a number and a word. Splitting at
 * every sign instead would look for "2" and "5mm" in a catalogue that holds
 * "2.5" and "mm", and find nothing. The postings drop a word's leading
 * signs (migration 0009), and so do these.
 */
export function searchWords(text: string): Promise<string[]> {
  if (searchTokens(text).length === 0) return Promise.resolve([]);
  const kept = text.toLowerCase().slice(0, MAX_TEXT_READ);
  return readTexts(kept, async () => {
    const { rows } = await sql<{ word: string }>`
      select ltrim(lexeme, '-') as word from unnest(to_tsvector('simple', sf_unaccent(lower(${kept}))))
      where ltrim(lexeme, '-') <> '' order by positions[1]`.execute(db());
    return [...new Set(rows.map((row) => row.word.slice(0, MAX_WORD_LENGTH)))].slice(0, MAX_WORDS);
  });
}

/**
 * Finds, for each word the shopper typed, the closest words of the catalogue
 * in that language (trigram similarity over search_words), so a typo still
 * finds the product it meant.
 */
export async function expandTokens(locale: Locale, version: string, words: string[]): Promise<Token[]> {
  return Promise.all(
    words.map(async (word) => ({
      word,
      alternatives: word.length < MIN_FUZZY_LENGTH ? [] : await expandedWords(JSON.stringify([version, locale, word]), () => closeWords(locale, word)),
    })),
  );
}

async function closeWords(locale: Locale, word: string) {
  const { rows } = await sql<{ word: string }>`
    select w.word from search_words w
    where w.language_id = ${languageId(locale)}
      and w.word % sf_unaccent(${word}) and w.word <> sf_unaccent(${word})
    order by similarity(w.word, sf_unaccent(${word})) desc, w.word
    limit 3`.execute(db());
  return rows.map((row) => row.word);
}

/** The rows matching one token, ascending, and how well each matched (never 0). */
export type TokenMatch = { rows: Int32Array; scores: Uint8Array };

/**
 * The rows matching one token: those with a word that begins with it or is
 * one of its close words, each scored by where its best such word stands.
 */
async function matchToken(index: CatalogueIndex, locale: Locale, token: Token): Promise<TokenMatch> {
  // Every word beginning with the prefix sorts (in the C collation) between
  // the prefix itself and the prefix followed by the highest code point. A
  // single letter or digit would begin most words, so it matches only itself.
  const end = token.word.length < MIN_PREFIX_LENGTH ? sql`prefix.word` : sql`prefix.word || chr(1114111)`;
  // The ids travel as base64: the driver reads bytea's hex form byte by byte.
  const { rows: postings } = await sql<{ in_name: boolean; product_ids: string }>`
    with prefix as (select sf_unaccent(${token.word}) collate "C" as word)
    select s.in_name, encode(s.product_ids, 'base64') as product_ids from search_postings s, prefix
    where s.language_id = ${languageId(locale)}
      and ((s.word >= prefix.word and s.word <= ${end}) or s.word = any(${token.alternatives}::text[]))`.execute(db());
  // A product may be listed more than once (in its name and its description,
  // or under two words the prefix begins): its best score is kept in a byte
  // per row, lent for this token alone (nothing from here on awaits).
  const byRow = lentRowBytes(index.size);
  let matched = 0;
  for (const { in_name, product_ids } of postings) {
    // PostgreSQL breaks base64 into lines; the decoder skips the line breaks.
    matched += scoreIds(Buffer.from(product_ids, "base64"), index.rowById, byRow, in_name ? NAME_SCORE : DESCRIPTION_SCORE);
  }
  // One pass over the bytes gives the rows in order, faster than sorting
  // them, and sets each back to zero for the next token.
  const rows = new Int32Array(matched);
  const scores = new Uint8Array(matched);
  for (let row = 0, n = 0; n < matched; row++) {
    const score = byRow[row]!;
    if (score === 0) continue;
    rows[n] = row;
    scores[n++] = score;
    byRow[row] = 0;
  }
  return { rows, scores };
}

/**
 * Words matched lately, per catalogue index: shoppers type the same words
 * and beginnings of words ("sh", "jack") again and again, and a short one
 * can match most of the catalogue. Each holds five bytes per match.
 */
const MATCHED_TOKENS = 32;
const matchedTokens = lruPerIndex<Promise<TokenMatch>>(MATCHED_TOKENS);

/** Each token's matches, looked up once per listing: its fallback to any word reuses them. */
export function matchTokens(index: CatalogueIndex, version: string, locale: Locale, tokens: Token[]) {
  return Promise.all(tokens.map((token) => matchedTokens(index, JSON.stringify([version, locale, token]), () => matchToken(index, locale, token))));
}

/** The rows matching every token ("all") or any of them, scored by the sum of their tokens' scores. */
export function combineTokens(tokens: TokenMatch[], mode: "all" | "any"): TextMatch {
  // Most searches are one word: its rows as they are, not copied (a broad
  // word's are a megabyte and more), and its scores widened to a sum's type.
  if (tokens.length === 1) return { rows: tokens[0]!.rows, scores: Int32Array.from(tokens[0]!.scores) };
  // A row matching every token is among the rarest token's rows; a row
  // matching any of them is among their rows together. Each token's rows
  // are walked once, in step with the candidates: all are ascending.
  const candidates = mode === "all" ? tokens.reduce((a, b) => (b.rows.length < a.rows.length ? b : a)).rows : unionOf(tokens.map((token) => token.rows));
  const rows = new Int32Array(candidates.length);
  const scores = new Int32Array(candidates.length);
  const at = new Int32Array(tokens.length);
  let n = 0;
  for (let i = 0; i < candidates.length; i++) {
    const row = candidates[i]!;
    let sum = 0;
    let matched = 0;
    for (let t = 0; t < tokens.length; t++) {
      const token = tokens[t]!;
      let j = at[t]!;
      while (j < token.rows.length && token.rows[j]! < row) j++;
      at[t] = j;
      if (j < token.rows.length && token.rows[j] === row) {
        sum += token.scores[j]!;
        matched++;
      }
    }
    if (matched && (mode === "any" || matched === tokens.length)) {
      rows[n] = row;
      scores[n++] = sum;
    }
  }
  return { rows: rows.slice(0, n), scores: scores.slice(0, n) };
}

/** The rows in any of the lists, ascending and each once; each list is ascending. */
function unionOf(lists: Int32Array[]): Int32Array {
  return lists.reduce((union, list) => {
    const merged = new Int32Array(union.length + list.length);
    let a = 0;
    let b = 0;
    let n = 0;
    while (a < union.length && b < list.length) {
      const x = union[a]!;
      const y = list[b]!;
      merged[n++] = x <= y ? x : y;
      if (x <= y) a++;
      if (y <= x) b++;
    }
    while (a < union.length) merged[n++] = union[a++]!;
    while (b < list.length) merged[n++] = list[b++]!;
    return merged.subarray(0, n);
  }, new Int32Array(0));
}

/**
 * Rebuilds the postings and the word list misspellings are matched against
 * from the products' search vectors. Run after product names or descriptions
 * change (the demo seed does). PostgreSQL reads "2-in-1" as 2, in and -1;
 * the minus is left out, so the words a shopper types ("2 in 1") find it.
 */
export async function refreshSearchIndex(database: DB = db()): Promise<void> {
  // The postings and the word list change together.
  if (!database.isTransaction) return database.transaction().execute((trx) => refreshSearchIndex(trx));
  // Edits waiting now are in what is read below; one made meanwhile is
  // applied after, which changes nothing it already holds.
  await sql`select pg_advisory_xact_lock(${SEARCH_EDITS_LOCK})`.execute(database);
  const { rows: waiting } = await sql<{ id: string }>`select id::text from search_edits`.execute(database);
  await replacePostings(
    database,
    sql`
      select pt.language_id, ltrim(w.lexeme, '-') as word, 'A' = any(w.weights) as in_name,
             string_agg(int4send(pt.product_id::int), ''::bytea) as product_ids
      from product_translations pt cross join lateral unnest(pt.search_vector) as w
      where ltrim(w.lexeme, '-') <> ''
      group by 1, 2, 3`,
  );
  await sql`
    delete from search_words;
    insert into search_words (language_id, word)
    select language_id, word from search_postings
    where in_name and length(word) >= 3 and word !~ '^[0-9]';`.execute(database);
  await sql`delete from search_edits where id = any(${waiting.map((row) => row.id)}::bigint[])`.execute(database);
}

/**
 * Writes the postings and the word list when products are kept but no
 * postings are: a database just migrated past 0010, which empties them
 * (decision 036). The server's start-up runs it; says whether it wrote.
 */
export async function fillEmptySearchIndex(database: DB = db()): Promise<boolean> {
  if (!database.isTransaction) return database.transaction().execute((trx) => fillEmptySearchIndex(trx));
  // Servers starting together: the first writes, the others then find postings.
  await sql`select pg_advisory_xact_lock(${SEARCH_EDITS_LOCK})`.execute(database);
  const { rows } = await sql<{ empty: boolean }>`
    select not exists (select from search_postings) and exists (select from product_translations) as empty`.execute(database);
  if (!rows[0]?.empty) return false;
  await refreshSearchIndex(database);
  return true;
}

/** The version read on the embedded database, until its next write (decision 057); PostgreSQL is read every time. */
const keptVersion = keptUntilWrite<string>(1);

/** Names the postings as they are: edits and refreshes give a new one, so no cache reuses words matched from older ones. */
export async function searchVersion(): Promise<string> {
  const kept = keptVersion();
  const found = kept?.get("version");
  if (found !== undefined) return found;
  const { rows } = await sql<{ version: string }>`select version::text from search_state`.execute(db());
  const version = rows[0]?.version ?? "";
  kept?.set("version", version);
  return version;
}
