/**
 * mulberry32: a tiny seeded PRNG. Demo data must come out the same for the
 * same --seed on every machine, so Math.random is never used.
 */
export function mulberry32(seed: number) {
  let state = seed >>> 0;
  return function next() {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = ReturnType<typeof mulberry32>;

export function randomInt(random: Random, min: number, max: number) {
  return min + Math.floor(random() * (max - min + 1));
}

/** Lower-case hex of the given length, for transaction ids and slugs. */
export function randomHex(random: Random, length: number) {
  let out = "";
  while (out.length < length) out += Math.floor(random() * 16).toString(16);
  return out;
}
