// A value worked out once per request: the layout and the page loaders of
// one request run side by side and each needs the site and the shopper's
// preferences; the second caller gets the first one's promise. Remix hands
// them one Request only as patched (decision 059).
const cache = new WeakMap<Request, Map<string, Promise<unknown>>>();

export function perRequest<T>(request: Request, key: string, compute: () => Promise<T>): Promise<T> {
  let values = cache.get(request);
  if (!values) cache.set(request, (values = new Map()));
  if (!values.has(key)) values.set(key, compute());
  return values.get(key) as Promise<T>;
}
