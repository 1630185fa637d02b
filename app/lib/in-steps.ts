// Work on a million rows, done in steps that give the thread back every few
// milliseconds, so requests go on being answered while the catalogue index
// is rebuilt (docs/decisions/014-listing-index.md). Sorting a million rows at
// once held the thread for about half a second, and the server answered
// nobody meanwhile.

/** How long one step may hold the thread before letting other work run. */
const STEP_MS = 8;

/** Lets waiting requests and I/O run before going on. */
export const giveWay = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The numbers 0 … size − 1 ordered by `compare`, stable, as
 * `Int32Array.prototype.sort` would order them, in steps of a few milliseconds.
 */
export async function sortInSteps(size: number, compare: (a: number, b: number) => number): Promise<Int32Array> {
  let from = new Int32Array(size);
  let to = new Int32Array(size);
  for (let i = 0; i < size; i++) from[i] = i;
  let stepStarted = performance.now();
  const maybeGiveWay = async () => {
    if (performance.now() - stepStarted < STEP_MS) return;
    await giveWay();
    stepStarted = performance.now();
  };

  // Runs of RUN are sorted by insertion first: fewer passes, and fast on small runs.
  const RUN = 32;
  for (let start = 0; start < size; start += RUN) {
    const end = Math.min(start + RUN, size);
    for (let i = start + 1; i < end; i++) {
      const value = from[i]!;
      let j = i - 1;
      while (j >= start && compare(from[j]!, value) > 0) {
        from[j + 1] = from[j]!;
        j--;
      }
      from[j + 1] = value;
    }
    if ((start & 0xfff) === 0) await maybeGiveWay();
  }

  for (let width = RUN; width < size; width *= 2) {
    for (let left = 0; left < size; left += 2 * width) {
      const middle = Math.min(left + width, size);
      const right = Math.min(left + 2 * width, size);
      let i = left;
      let j = middle;
      let k = left;
      while (i < middle && j < right) {
        to[k++] = compare(from[j]!, from[i]!) < 0 ? from[j++]! : from[i++]!;
        // The last passes merge runs of hundreds of thousands: they give way inside a run too.
        if ((k & 0xffff) === 0) await maybeGiveWay();
      }
      while (i < middle) to[k++] = from[i++]!;
      while (j < right) to[k++] = from[j++]!;
      await maybeGiveWay();
    }
    [from, to] = [to, from];
  }
  return from;
}
