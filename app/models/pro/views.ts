import { isbot } from "isbot";

// Views of product pages, counted in each app server's memory and written
// in batches (views.server.ts): a page view costs a map update, never a
// write. Safe in the browser; no I/O here.

/** The day a view is counted on: yyyy-MM-dd in UTC. */
export function viewDay(at: Date) {
  return at.toISOString().slice(0, 10);
}

export type ViewCount = { productId: number; day: string; views: number };

/** Views waiting to be written, per product and day. */
export class ViewTally {
  private readonly counts = new Map<string, number>();

  add(productId: number, day: string, views = 1) {
    const key = `${productId}|${day}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + views);
  }

  /** How many product-days wait. */
  get size() {
    return this.counts.size;
  }

  /**
   * Everything counted so far, emptied out of the tally, in product and day
   * order: servers writing overlapping batches then take the rows' locks in
   * the same order and never deadlock.
   */
  drain(): ViewCount[] {
    const rows = [...this.counts].map(([key, views]) => {
      const [id, day] = key.split("|");
      return { productId: Number(id), day: day!, views };
    });
    this.counts.clear();
    return rows.sort((a, b) => a.productId - b.productId || (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  }

  /** A batch that could not be written comes back, added to what was counted meanwhile. */
  restore(rows: readonly ViewCount[]) {
    for (const row of rows) this.add(row.productId, row.day, row.views);
  }
}

/**
 * Whether a request for a product page is a view worth counting: a
 * shopper's GET, not a robot's (isbot) nor the router's prefetch of a link.
 */
export function isCountableView(view: PageView) {
  if (view.method !== "GET") return false;
  if (/prefetch/i.test(view.purpose)) return false;
  return !isbot(view.userAgent);
}

/** What a page request says of itself: its method, its Purpose or Sec-Purpose headers, its user agent. */
export type PageView = { method: string; purpose: string; userAgent: string | null };
