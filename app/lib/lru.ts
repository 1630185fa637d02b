/**
 * Keeps the last `size` values by key, the most recently used longest. A
 * promise that fails is forgotten, so the next caller tries again.
 */
export function lru<V>(size: number) {
  const entries = new Map<string, V>();
  return (key: string, compute: () => V): V => {
    if (entries.has(key)) {
      const value = entries.get(key)!;
      entries.delete(key); // most recently used goes last
      entries.set(key, value);
      return value;
    }
    const value = compute();
    entries.set(key, value);
    // Only while it is still the entry: once evicted, the key may hold a newer value.
    if (value instanceof Promise) value.catch(() => entries.get(key) === value && entries.delete(key));
    if (entries.size > size) entries.delete(entries.keys().next().value!);
    return value;
  };
}
