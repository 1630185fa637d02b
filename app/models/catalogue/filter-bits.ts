import type { CatalogueIndex } from "./catalogue-index";

// The rows holding a brand, an additional-field option or a flag, a bit per
// row, kept from one listing to the next. The count pass ANDs a listing's
// filter groups 32 rows at a time and looks row by row only at those that
// fail one group at most, the only rows any count includes: with a brand and
// a size chosen, only the rows holding the one or the other are looked at.
//
// A row's values never change once written: a changed product gets a new
// row (withChanges), and indexes that derive from one another share their
// column buffers, `written` naming the family. So the bits worked out for a
// family's rows stay true for every index of that family, and an index with
// more rows only adds bits for the rows after those already covered: a
// stream of changes costs a few rows of work per kept value, not a pass.

type Bits = { words: Uint32Array; covered: number };

/** At a million products, 125 KB each: 16 MB for a family. */
const KEPT_PER_FAMILY = 128;

const families = new WeakMap<object, Map<string, Bits>>();

type Kind = "manufacturer" | "option" | "flag";

/** The rows of `index` holding the value, as bits (rows past `index.size` may be set and are not read). */
export function rowsHolding(index: CatalogueIndex, kind: Kind, value: number): Uint32Array {
  let kept = families.get(index.written);
  if (!kept) families.set(index.written, (kept = new Map()));
  const key = `${kind}:${value}`;
  let bits = kept.get(key);
  if (bits) kept.delete(key); // most recently used goes last
  else bits = { words: new Uint32Array(0), covered: 0 };
  kept.set(key, bits);
  if (kept.size > KEPT_PER_FAMILY) kept.delete(kept.keys().next().value!);
  if (bits.covered < index.size) cover(index, kind, value, bits);
  return bits.words;
}

/** Sets the bits of rows `bits.covered` … `index.size − 1` that hold the value. */
function cover(index: CatalogueIndex, kind: Kind, value: number, bits: Bits) {
  const length = (index.size + 31) >>> 5;
  if (bits.words.length < length) {
    // Room for an eighth more, so a stream of changes does not copy on every batch.
    const words = new Uint32Array(length + (length >>> 3) + 1);
    words.set(bits.words);
    bits.words = words;
  }
  const { words } = bits;
  const from = bits.covered;
  const to = index.size;
  if (kind === "manufacturer") {
    const column = index.manufacturer;
    for (let row = from; row < to; row++) if (column[row] === value) words[row >>> 5]! |= 1 << (row & 31);
  } else {
    const [start, values] = kind === "option" ? [index.optionStart, index.options] : [index.flagStart, index.flags];
    for (let row = from; row < to; row++) {
      for (let k = start[row]!, end = start[row + 1]!; k < end; k++) {
        if (values[k] === value) {
          words[row >>> 5]! |= 1 << (row & 31);
          break;
        }
      }
    }
  }
  bits.covered = to;
}

/** The rows holding any of the values: a filter group of a listing (a brand facet, a field, the flags). */
export function rowsHoldingAny(index: CatalogueIndex, kind: Kind, values: readonly number[]): Uint32Array {
  const unique = [...new Set(values)];
  if (unique.length === 1) return rowsHolding(index, kind, unique[0]!);
  const any = new Uint32Array((index.size + 31) >>> 5);
  for (const value of unique) {
    const words = rowsHolding(index, kind, value);
    for (let w = 0; w < any.length; w++) any[w]! |= words[w]!;
  }
  return any;
}
