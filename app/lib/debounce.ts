/**
 * Calls fn once calls have paused for `wait` ms, but at least every `maxWait`
 * ms while they keep coming (spec 6: 1 s, at most 2 s).
 */
export function debounce(fn: () => void, wait: number, maxWait: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstCallAt: number | undefined;
  const run = () => {
    clearTimeout(timer);
    timer = undefined;
    firstCallAt = undefined;
    fn();
  };
  const debounced = () => {
    const now = Date.now();
    firstCallAt ??= now;
    clearTimeout(timer);
    timer = setTimeout(run, Math.max(0, Math.min(wait, firstCallAt + maxWait - now)));
  };
  debounced.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    firstCallAt = undefined;
  };
  return debounced;
}
