// What a guest's document may weigh, uncompressed, in KB (issue 31, point 1):
// every byte of it is built, encoded, compressed and written on each request.
// `scripts/html-budget.ts` holds the demo shop's pages to them after each
// build, and the browser suite holds a crawler's and a signed-in shopper's
// pages to the same; docs/performance.md says what each cut bought.

/** The targets. */
export const HTML_TARGETS = { home: 60, listing: 70, product: 50 } as const;

/**
 * What each kind of page is held to now: its target where it is met, and
 * where not yet, the size the largest of its kind has come down to with a
 * little room, so that it cannot grow back while the rest is cut.
 */
export const HTML_BUDGETS = { home: HTML_TARGETS.home, listing: 75, product: HTML_TARGETS.product } as const;
