import { db, writesThrough, type DB } from "./db.server";

/**
 * A place to keep what was read from the embedded database until its next
 * write. Every write there passes through this process's handle, which
 * counts them (`writesThrough`): with none since a value was read, it is as
 * it was read. Any write empties the place, and so does passing `limit`
 * values. On PostgreSQL, which other processes write to, there is no place
 * (null) and everything is read every time.
 *
 * Each call gives the place for now; ask for it before the read, so that a
 * write during the read is read again next time.
 */
export function keptUntilWrite<T>(limit: number): () => Map<string, T> | null {
  let kept: { database: DB; writes: number; values: Map<string, T> } | null = null;
  return () => {
    const database = db();
    const writes = writesThrough(database);
    if (writes === null) return null;
    if (kept?.database !== database || kept.writes !== writes || kept.values.size > limit) kept = { database, writes, values: new Map() };
    return kept.values;
  };
}
