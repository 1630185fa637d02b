import type { SelectQueryBuilder } from "kysely";

// The back office's lists, a page at a time: each asks for one row more than
// it shows, so it knows whether another page follows without counting them
// all. Pages past MAX_PAGE are not offered (a deep offset costs a scan).

export const MAX_PAGE = 2000;

/** The page asked for, as a whole number from 1 to MAX_PAGE. */
export function pageNumber(page: number | undefined) {
  return Math.max(1, Math.min(Math.trunc(page ?? 1) || 1, MAX_PAGE));
}

/** One page of the query's rows, the page's number, and whether another follows. */
export async function pageOf<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, page: number | undefined, size: number) {
  const current = pageNumber(page);
  const rows = await query
    .limit(size + 1)
    .offset((current - 1) * size)
    .execute();
  return { rows: rows.slice(0, size), page: current, hasMore: rows.length > size };
}
