import { sql, type Kysely, type RawBuilder } from "kysely";

// How search_postings holds the products a word is found in (migration
// 0010): their ids in ascending order, each written as its distance from
// the one before in 7-bit groups, low group first, the top bit set on every
// group but the last (LEB128). A common word's distances are small, so most
// take one byte: a quarter of the 4-byte ids of 0009, and a short prefix's
// megabytes were most of a search's time. Migration 0010 emptied the lists
// of 0009 and the server's start-up writes them in this format (decision
// 036): a new format changes these functions and adds a migration that
// empties the lists again.

/** Writes ascending ids compactly. */
export function encodeIds(ids: Int32Array): Uint8Array {
  const bytes = new Uint8Array(ids.length * 5);
  let at = 0;
  let previous = 0;
  for (const id of ids) {
    let gap = id - previous;
    previous = id;
    while (gap >= 128) {
      bytes[at++] = (gap & 127) | 128;
      gap >>>= 7;
    }
    bytes[at++] = gap;
  }
  return bytes.slice(0, at);
}

/** Calls `each` with every id, in ascending order. */
export function forEachId(bytes: Uint8Array, each: (id: number) => void) {
  let id = 0;
  for (let at = 0; at < bytes.length; ) {
    let gap = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = bytes[at++]!;
      gap += (byte & 127) * 2 ** shift;
      shift += 7;
    } while (byte & 128);
    id += gap;
    each(id);
  }
}

/**
 * Raises each listed product's score to at least `score`, through
 * `rowById` (ids without a row are not listed; see rowOf), and returns how
 * many rows were scored for the first time. forEachId's decoding written
 * out: a search's broad words list hundreds of thousands of ids, and a
 * function call per id was most of their time.
 */
export function scoreIds(bytes: Uint8Array, rowById: Int32Array, scores: Uint8Array, score: number): number {
  let id = 0;
  let added = 0;
  for (let at = 0; at < bytes.length; ) {
    let byte = bytes[at++]!;
    let gap = byte & 127;
    for (let shift = 128; byte & 128; shift *= 128) {
      byte = bytes[at++]!;
      gap += (byte & 127) * shift;
    }
    id += gap;
    const row = id < rowById.length ? rowById[id]! : -1;
    if (row < 0) continue;
    if (scores[row] === 0) added++;
    if (scores[row]! < score) scores[row] = score;
  }
  return added;
}

/**
 * The list `bytes` holds, without the ids of `removed` and with those of
 * `added` (none in both), written again: one product's edit to one word.
 */
export function editIds(bytes: Uint8Array, added: readonly number[], removed: ReadonlySet<number>): Uint8Array {
  const kept: number[] = [];
  forEachId(bytes, (id) => void (removed.has(id) || kept.push(id)));
  const adds = [...new Set(added)].sort((a, b) => a - b);
  const merged = new Int32Array(kept.length + adds.length);
  let n = 0;
  for (let k = 0, a = 0; k < kept.length || a < adds.length; ) {
    if (a === adds.length || (k < kept.length && kept[k]! < adds[a]!)) merged[n++] = kept[k++]!;
    else if (k === kept.length || adds[a]! < kept[k]!) merged[n++] = adds[a++]!;
    else {
      merged[n++] = kept[k++]!; // already listed
      a++;
    }
  }
  return encodeIds(merged.subarray(0, n));
}

/** Reads ids PostgreSQL packed with int4send (4 bytes each, big-endian), sorted ascending. */
function unpackInt4(bytes: Buffer): Int32Array {
  const ids = new Int32Array(bytes.length / 4);
  for (let i = 0; i < ids.length; i++) ids[i] = bytes.readInt32BE(i * 4);
  return ids.sort();
}

/** Rows read and written per statement, and at most this many bytes of ids in them. */
const BATCH_ROWS = 500;
const BATCH_BYTES = 8 << 20;

/**
 * Replaces every row of search_postings with those `lists` selects: language
 * id, word, whether it is in the name, and the product ids as packed 4-byte
 * integers in any order (what PostgreSQL aggregates quickly). They pass
 * through here to be written compactly, which is faster than any way SQL has
 * to write the distances. The lists wait in a temporary table, so this runs
 * in one transaction.
 */
export async function replacePostings<T>(database: Kysely<T>, lists: RawBuilder<unknown>): Promise<void> {
  if (!database.isTransaction) return database.transaction().execute((trx) => replacePostings(trx, lists));
  await sql`
    create temporary table posting_lists on commit drop as
    select row_number() over () as n, language_id, word, in_name, product_ids from (${lists}) as lists;
    alter table posting_lists add primary key (n);
    delete from search_postings;`.execute(database);
  const { rows: sizes } = await sql<{ n: number; size: number }>`
    select n, length(product_ids) as size from posting_lists order by n`.execute(database);
  for (let first = 0; first < sizes.length; ) {
    let last = first;
    let bytes = sizes[first]!.size;
    while (last + 1 < sizes.length && last + 1 - first < BATCH_ROWS && bytes + sizes[last + 1]!.size <= BATCH_BYTES) bytes += sizes[++last]!.size;
    // Base64, because the driver reads bytea's hex form a byte at a time.
    const { rows } = await sql<{ language_id: number; word: string; in_name: boolean; ids: string }>`
      select language_id, word, in_name, encode(product_ids, 'base64') as ids from posting_lists
      where n between ${sizes[first]!.n} and ${sizes[last]!.n}`.execute(database);
    const compact = rows.map((row) => Buffer.from(encodeIds(unpackInt4(Buffer.from(row.ids, "base64")))).toString("base64"));
    await sql`
      insert into search_postings (language_id, word, in_name, product_ids)
      select language_id, word, in_name, decode(ids, 'base64')
      from unnest(${rows.map((r) => r.language_id)}::smallint[], ${rows.map((r) => r.word)}::text[],
                  ${rows.map((r) => r.in_name)}::boolean[], ${compact}::text[]) as t(language_id, word, in_name, ids)`.execute(database);
    first = last + 1;
  }
  await sql`drop table posting_lists`.execute(database);
}
