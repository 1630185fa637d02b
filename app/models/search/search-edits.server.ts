import { sql } from "kysely";
import { repeatEvery } from "~/lib/repeat.server";
import { db, type DB } from "~/models/db/db.server";
import { noteLoopRun } from "~/platform/metrics.server";
import { editIds } from "./postings.server";

// A product's edited name or description reaches search through its own
// postings: the trigger of migration 0017 queues each change of a
// translation's words, and applySearchEdits moves the product's id out of
// the lists of the words it lost and into those of the words it gained.
// Only those lists are rewritten, never the whole table (decision 014).

/** Edits applied per round: a catalogue import's thousands go in several. */
const BATCH = 2_000;
/** The advisory lock that lets one server at a time apply edits, in the order they were made. */
export const SEARCH_EDITS_LOCK = 0x5e4c4ed1;

type Change = { language_id: number; word: string; in_name: boolean; product_id: number; present: boolean };

/**
 * Applies the oldest waiting edits to the postings, in one transaction;
 * returns how many were applied (0 when none wait, or another server is at
 * it). Every app server calls it every second.
 */
export async function applySearchEdits(database: DB = db()): Promise<number> {
  // Most seconds nothing waits: one look, and no transaction.
  const { rows: waiting } = await sql<{ any: boolean }>`select exists (select 1 from search_edits) as any`.execute(database);
  if (!waiting[0]?.any) return 0;
  return database.transaction().execute(async (trx) => {
    const { rows: locked } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${SEARCH_EDITS_LOCK}) as locked`.execute(trx);
    if (!locked[0]?.locked) return 0;
    const { rows: batch } = await sql<{ id: string }>`select id::text from search_edits order by id limit ${BATCH}`.execute(trx);
    if (!batch.length) return 0;
    const ids = batch.map((row) => row.id);
    // Per word and product, the last edit that names the word says whether
    // the product holds it now; an edit that keeps a word keeps it.
    const { rows: changes } = await sql<Change>`
      with words as (
        select e.id, e.product_id, e.language_id, ltrim(w.lexeme, '-') as word, 'A' = any(w.weights) as in_name, false as present
        from search_edits e cross join lateral unnest(e.old_vector) as w where e.id = any(${ids}::bigint[])
        union all
        select e.id, e.product_id, e.language_id, ltrim(w.lexeme, '-'), 'A' = any(w.weights), true
        from search_edits e cross join lateral unnest(e.new_vector) as w where e.id = any(${ids}::bigint[])
      )
      select distinct on (language_id, word, in_name, product_id) language_id, word, in_name, product_id::int as product_id, present
      from words where word <> ''
      order by language_id, word, in_name, product_id, id desc, present desc`.execute(trx);
    await applyChanges(trx, changes);
    await sql`delete from search_edits where id = any(${ids}::bigint[])`.execute(trx);
    return ids.length;
  });
}

type ListKey = { language_id: number; word: string; in_name: boolean };
const keyOf = (row: ListKey) => `${row.language_id}\u0000${row.in_name ? 1 : 0}\u0000${row.word}`;

async function applyChanges(trx: DB, changes: Change[]) {
  if (!changes.length) return;
  const lists = new Map<string, ListKey & { added: number[]; removed: Set<number> }>();
  for (const change of changes) {
    const key = keyOf(change);
    const list = lists.get(key) ?? { language_id: change.language_id, word: change.word, in_name: change.in_name, added: [], removed: new Set<number>() };
    if (change.present) list.added.push(change.product_id);
    else list.removed.add(change.product_id);
    lists.set(key, list);
  }
  const keys = [...lists.values()];
  const columns = sql`unnest(${keys.map((k) => k.language_id)}::smallint[], ${keys.map((k) => k.word)}::text[], ${keys.map((k) => k.in_name)}::boolean[])`;
  // The driver reads bytea's hex form a byte at a time: the lists travel as base64.
  const { rows: current } = await sql<ListKey & { ids: string }>`
    select s.language_id, s.word, s.in_name, encode(s.product_ids, 'base64') as ids
    from search_postings s join ${columns} as k(language_id, word, in_name)
      on s.language_id = k.language_id and s.word = k.word collate "C" and s.in_name = k.in_name
    for update of s`.execute(trx);
  const stored = new Map(current.map((row) => [keyOf(row), Buffer.from(row.ids, "base64")]));
  const written: (ListKey & { ids: string; gained: boolean })[] = [];
  const emptied: ListKey[] = [];
  for (const [key, list] of lists) {
    const bytes = editIds(stored.get(key) ?? new Uint8Array(), list.added, list.removed);
    const { language_id, word, in_name } = list;
    if (bytes.length) written.push({ language_id, word, in_name, ids: Buffer.from(bytes).toString("base64"), gained: list.added.length > 0 });
    else if (stored.has(key)) emptied.push(list);
  }
  if (written.length) {
    await sql`
      insert into search_postings (language_id, word, in_name, product_ids)
      select language_id, word, in_name, decode(ids, 'base64')
      from unnest(${written.map((r) => r.language_id)}::smallint[], ${written.map((r) => r.word)}::text[],
                  ${written.map((r) => r.in_name)}::boolean[], ${written.map((r) => r.ids)}::text[]) as t(language_id, word, in_name, ids)
      on conflict (language_id, word, in_name) do update set product_ids = excluded.product_ids`.execute(trx);
  }
  if (emptied.length) {
    await sql`
      delete from search_postings s
      using unnest(${emptied.map((k) => k.language_id)}::smallint[], ${emptied.map((k) => k.word)}::text[], ${emptied.map((k) => k.in_name)}::boolean[])
        as k(language_id, word, in_name)
      where s.language_id = k.language_id and s.word = k.word collate "C" and s.in_name = k.in_name`.execute(trx);
  }
  // New words of names become what misspellings are matched against; a word
  // no name holds any more stays until the next full refresh, matching nothing.
  const named = written.filter((list) => list.in_name && list.gained && list.word.length >= 3 && !/^[0-9]/.test(list.word));
  if (named.length) {
    await sql`
      insert into search_words (language_id, word)
      select * from unnest(${named.map((k) => k.language_id)}::smallint[], ${named.map((k) => k.word)}::text[])
      on conflict do nothing`.execute(trx);
  }
}

/** Applies waiting edits every `intervalMs` until the returned function is called (lib/repeat.server). */
export function followSearchEdits(onError: (err: unknown) => void, intervalMs = 1_000): () => Promise<void> {
  return repeatEvery(
    intervalMs,
    async () => {
      await applySearchEdits();
      noteLoopRun("search_edits");
    },
    onError,
  );
}
