import { sql, type Kysely, type RawBuilder } from "kysely";

// The postings of 0009 held each product id in 4 bytes. A short prefix such
// as "sh" matches words held by most of a million products, several
// megabytes, and at that size PostgreSQL's encoding and the transfer were most
// of a search's time. The ids are now written compactly (postings.server.ts),
// a quarter of the size, and stored uncompressed (EXTERNAL): these bytes do
// not compress, and trying cost time on every read. The writing is kept
// here as it was when this migration was made, so that a later change to
// the search code never changes what this migration does.
export async function up(db: Kysely<unknown>) {
  await sql`alter table search_postings alter column product_ids set storage external`.execute(db);
  await replacePostings(db, sql`select language_id, word, in_name, product_ids from search_postings`);
}

/** Writes ascending ids compactly. */
function encodeIds(ids: Int32Array): Uint8Array {
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
async function replacePostings<T>(database: Kysely<T>, lists: RawBuilder<unknown>): Promise<void> {
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
