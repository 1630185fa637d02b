// The FAQ's categories, in the order the page shows them. An entry whose
// category is none of these (a typo, a category not yet named in the page
// texts) is shown under "other", last, rather than lost.
export const FAQ_CATEGORIES = ["ordering", "payment", "shipping", "quotes", "returns"] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number] | "other";

export function faqCategory(value: string): FaqCategory {
  return (FAQ_CATEGORIES as readonly string[]).includes(value) ? (value as FaqCategory) : "other";
}

/** The entries by category, in the categories' order and each in its own; empty categories are left out. */
export function groupByCategory<T extends { category: string }>(entries: readonly T[]) {
  const order: readonly FaqCategory[] = [...FAQ_CATEGORIES, "other"];
  return order
    .map((category) => ({ category, entries: entries.filter((entry) => faqCategory(entry.category) === category) }))
    .filter((group) => group.entries.length > 0);
}
