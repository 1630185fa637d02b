// What a guest's document may weigh, uncompressed, in KB (issue 31, point 1):
// every byte of it is built, encoded, compressed and written on each request.
// `scripts/html-budget.ts` holds the demo shop's pages to them after each
// build, and the browser suite holds a crawler's and a signed-in shopper's
// pages to the same; docs/performance.md says what each cut bought.
export const HTML_BUDGETS = { home: 60, listing: 70, product: 50 } as const;
