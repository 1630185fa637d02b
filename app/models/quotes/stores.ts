// Recognising the shop a pasted link comes from (quotes-all-stores). Pure,
// so the order form can show the shop while the customer types.

export type StoreView = { id: number; name: string; domain: string; logo: string | null };

/** The link's host name in lower case without a trailing dot, or null when it is not a web address. */
export function hostOf(link: string): string | null {
  const text = link.trim();
  if (!text) return null;
  try {
    const url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    return url.hostname.toLowerCase().replace(/\.$/, "") || null;
  } catch {
    return null;
  }
}

/**
 * The store a link belongs to: its host is the store's domain or a subdomain
 * of it (www.amazon.de, smile.amazon.com). A look-alike such as
 * amazon.com.evil.io or notamazon.com is no store. The longest domain wins,
 * so a store listed by a country subdomain beats its parent.
 */
export function storeForUrl<S extends { domain: string }>(link: string, stores: readonly S[]): S | null {
  const host = hostOf(link);
  if (!host) return null;
  let best: S | null = null;
  for (const store of stores) {
    const domain = store.domain.toLowerCase();
    if ((host === domain || host.endsWith(`.${domain}`)) && (!best || domain.length > best.domain.length)) best = store;
  }
  return best;
}

/** The badge a store without a logo shows: the first letters of its name's first two words. */
export function storeInitials(name: string) {
  const words = name.split(/[\s.-]+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("");
}
