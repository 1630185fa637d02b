import { lru } from "~/lib/lru";
import { giveWay, sortInSteps } from "~/lib/in-steps";

// The catalogue's listing columns, held column by column in typed arrays: what
// every listing filters, counts and sorts by, and nothing a product card shows.
// Rows are grouped by category, in id order within each, so a category page
// reads only its own stretch of each column. Built from the database by
// catalogue-index.server.ts; read by listing-engine.ts.

export const SORT_ORDERS = ["price_desc", "price_asc", "best_value", "best_sellers", "new_arrivals", "relevance"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The names facets show, per language (iso code) where they are translated. */
export type FacetLabels = {
  manufacturers: Map<number, string>;
  fields: Map<string, Map<number, string>>;
  options: Map<string, Map<number, string>>;
  optionPosition: Map<number, number>;
  flags: Map<string, Map<number, string>>;
};

export type CatalogueIndex = {
  /** Names the state of the catalogue it was built from; changes since are applied in place (withChanges). */
  version: string;
  size: number;
  /**
   * Rows 0 … baseSize − 1 are grouped by category (categoryStart), as built;
   * the rows of products changed or added since follow them, in no order.
   */
  baseSize: number;
  /** 1 for a row whose product has changed since (its new row follows) or left the listings; null while none has. */
  dead: Uint8Array | null;
  /**
   * How many rows the column buffers, which an index shares with those
   * derived from it, hold written: only the index that wrote last may add
   * rows into their spare room (withChanges); any other copies first.
   */
  written: { rows: number };
  ids: Float64Array;
  /** The row of each product id (-1 for none): ids are a dense identity sequence, so this stays small. */
  rowById: Int32Array;
  category: Int32Array;
  /** 1 for an offer (listing type 'o'), 0 for a product. */
  offer: Uint8Array;
  /** 0 when the product has no manufacturer. */
  manufacturer: Int32Array;
  price: Float64Array;
  /** Price over original price (the discount facet's figure); NaN without an original price. */
  ratio: Float64Array;
  discount: Int16Array;
  /** One more than the largest category id. */
  categoryLimit: number;
  /** The rows of category c are categoryStart[c] … categoryStart[c + 1] − 1. */
  categoryStart: Int32Array;
  /** The additional-field options of row r are options[optionStart[r] … optionStart[r + 1]). */
  optionStart: Int32Array;
  options: Int32Array;
  flagStart: Int32Array;
  flags: Int32Array;
  /** The field each option id belongs to. */
  optionField: Int32Array;
  /** One more than the largest manufacturer and flag id: the length of an array counting them. */
  manufacturerLimit: number;
  flagLimit: number;
  /** Units sold: the best-seller order, which orders move in batches (withPaidAmounts). */
  paid: Float64Array;
  arrived: Float64Array;
  /**
   * Every row in each sort's order; "relevance" holds its tie-breakers (paid
   * amount, then arrival). After withChanges an order is spliced when first read.
   */
  orders: Record<SortOrder, Int32Array>;
  labels: FacetLabels;
};

export type ProductColumns = {
  id: number;
  categoryId: number;
  offer: boolean;
  manufacturerId: number | null;
  priceMinor: number;
  originalPriceMinor: number;
  discountPercentage: number;
  paidAmount: number;
  arrivedAt: number;
  optionIds: number[];
  flagIds: number[];
};

type Column = Float64Array | Int32Array | Int16Array | Uint8Array;

/** The same column with room for at least `length` values, doubling as it grows. */
function withRoom<T extends Column>(column: T, length: number): T {
  if (length <= column.length) return column;
  const larger = new (column.constructor as new (length: number) => T)(Math.max(length, column.length * 2));
  larger.set(column as never);
  return larger;
}

/** The columns a row of the index is written to. */
type RowColumns = Pick<
  CatalogueIndex,
  "ids" | "category" | "offer" | "manufacturer" | "price" | "ratio" | "discount" | "paid" | "arrived" | "optionStart" | "options" | "flagStart" | "flags"
>;

/**
 * Writes a product's listing values into row `row`, and its options and
 * flags into their lists from `optionAt` and `flagAt` (the columns must have
 * room); returns where the next row's options and flags begin.
 */
function writeRow(c: RowColumns, row: number, product: ProductColumns, optionAt: number, flagAt: number): [number, number] {
  c.ids[row] = product.id;
  c.category[row] = product.categoryId;
  c.offer[row] = product.offer ? 1 : 0;
  c.manufacturer[row] = product.manufacturerId ?? 0;
  c.price[row] = product.priceMinor;
  c.ratio[row] = product.originalPriceMinor > 0 ? product.priceMinor / product.originalPriceMinor : NaN;
  c.discount[row] = product.discountPercentage;
  c.paid[row] = product.paidAmount;
  c.arrived[row] = product.arrivedAt;
  c.optionStart[row] = optionAt;
  for (const id of product.optionIds) c.options[optionAt++] = id;
  c.flagStart[row] = flagAt;
  for (const id of product.flagIds) c.flags[flagAt++] = id;
  return [optionAt, flagAt];
}

/**
 * Takes products one at a time, in ascending id order, straight into typed
 * columns: a million products never stand in memory as a million objects.
 */
export function catalogueIndexBuilder() {
  let size = 0;
  const c: RowColumns = {
    ids: new Float64Array(1024),
    category: new Int32Array(1024),
    offer: new Uint8Array(1024),
    manufacturer: new Int32Array(1024),
    price: new Float64Array(1024),
    ratio: new Float64Array(1024),
    discount: new Int16Array(1024),
    paid: new Float64Array(1024),
    arrived: new Float64Array(1024),
    optionStart: new Int32Array(1024),
    options: new Int32Array(4096),
    flagStart: new Int32Array(1024),
    flags: new Int32Array(1024),
  };
  let optionCount = 0;
  let flagCount = 0;

  function add(product: ProductColumns) {
    const row = size++;
    if (row + 1 >= c.ids.length) {
      for (const key of ["ids", "category", "offer", "manufacturer", "price", "ratio", "discount", "paid", "arrived", "optionStart", "flagStart"] as const) {
        (c[key] as Column) = withRoom(c[key], row + 2);
      }
    }
    c.options = withRoom(c.options, optionCount + product.optionIds.length);
    c.flags = withRoom(c.flags, flagCount + product.flagIds.length);
    [optionCount, flagCount] = writeRow(c, row, product, optionCount, flagCount);
  }

  async function build(version: string, optionFields: Map<number, number>, labels: FacetLabels): Promise<CatalogueIndex> {
    c.optionStart[size] = optionCount;
    c.flagStart[size] = flagCount;
    const { categoryStart, moved } = groupByCategory(c.category, size);
    // Each column is copied to its place, one at a time: all at once held the thread for 0.2 s at a million products.
    const grouped = async <T extends Column>(column: T): Promise<T> => {
      await giveWay();
      const to = new (column.constructor as new (length: number) => T)(size);
      for (let row = 0; row < size; row++) to[moved[row]!] = column[row]!;
      return to;
    };
    const groupedLists = async (start: Int32Array, values: Int32Array) => {
      await giveWay();
      const newStart = new Int32Array(size + 1);
      for (let row = 0; row < size; row++) newStart[moved[row]! + 1] = start[row + 1]! - start[row]!;
      for (let row = 0; row < size; row++) newStart[row + 1]! += newStart[row]!;
      const newValues = new Int32Array(start[size]!);
      for (let row = 0; row < size; row++) {
        for (let from = start[row]!, to = newStart[moved[row]!]!; from < start[row + 1]!; from++, to++) newValues[to] = values[from]!;
      }
      return { start: newStart, values: newValues };
    };
    const optionLists = await groupedLists(c.optionStart, c.options);
    const flagLists = await groupedLists(c.flagStart, c.flags);
    return finishIndex(
      version,
      size,
      categoryStart,
      {
        ids: await grouped(c.ids),
        category: await grouped(c.category),
        offer: await grouped(c.offer),
        manufacturer: await grouped(c.manufacturer),
        price: await grouped(c.price),
        ratio: await grouped(c.ratio),
        discount: await grouped(c.discount),
        paid: await grouped(c.paid),
        arrived: await grouped(c.arrived),
        optionStart: optionLists.start,
        options: optionLists.values,
        flagStart: flagLists.start,
        flags: flagLists.values,
      },
      optionFields,
      labels,
    );
  }

  return { add, build };
}

/**
 * Where each row goes when rows are grouped by category, keeping id order
 * within a category (a counting sort: the rows arrive in id order), and
 * where each category's rows start.
 */
function groupByCategory(category: Int32Array, size: number) {
  const limit = limitOf(category.subarray(0, size));
  const categoryStart = new Int32Array(limit + 1);
  for (let row = 0; row < size; row++) categoryStart[category[row]! + 1]!++;
  for (let c = 0; c < limit; c++) categoryStart[c + 1]! += categoryStart[c]!;
  const next = categoryStart.slice(0, limit);
  const moved = new Int32Array(size);
  for (let row = 0; row < size; row++) moved[row] = next[category[row]!]!++;
  return { categoryStart, moved };
}

/** Builds the index from products given in ascending id order. */
export function buildCatalogueIndex(
  version: string,
  products: ProductColumns[],
  optionFields: Map<number, number>,
  labels: FacetLabels,
): Promise<CatalogueIndex> {
  const builder = catalogueIndexBuilder();
  for (const product of products) builder.add(product);
  return builder.build(version, optionFields, labels);
}

type Columns = Pick<
  CatalogueIndex,
  "ids" | "category" | "offer" | "manufacturer" | "price" | "ratio" | "discount" | "optionStart" | "options" | "flagStart" | "flags"
> & { paid: Float64Array; arrived: Float64Array };

/** The sort orders and look-up tables over the collected columns. */
async function finishIndex(
  version: string,
  size: number,
  categoryStart: Int32Array,
  columns: Columns,
  optionFields: Map<number, number>,
  labels: FacetLabels,
): Promise<CatalogueIndex> {
  const { ids, category, manufacturer, price, discount, paid, arrived, flags } = columns;
  let maxOption = 0;
  for (const id of optionFields.keys()) maxOption = Math.max(maxOption, id);
  const optionField = new Int32Array(maxOption + 1);
  for (const [option, field] of optionFields) optionField[option] = field;

  // The sorts run one after another, in steps, so the server answers meanwhile.
  const compare = sortComparators({ ids, price, discount, paid, arrived });
  const orders = {} as Record<SortOrder, Int32Array>;
  for (const sort of SORT_ORDERS) orders[sort] = await sortInSteps(size, compare[sort]);

  const rowById = new Int32Array(limitOf(ids)).fill(-1);
  for (let row = 0; row < size; row++) rowById[ids[row]!] = row;

  return {
    version,
    size,
    baseSize: size,
    dead: null,
    written: { rows: size },
    ids,
    rowById,
    category,
    offer: columns.offer,
    manufacturer,
    price,
    ratio: columns.ratio,
    discount,
    paid,
    arrived,
    categoryLimit: categoryStart.length - 1,
    categoryStart,
    optionStart: columns.optionStart,
    options: columns.options,
    flagStart: columns.flagStart,
    flags,
    optionField,
    manufacturerLimit: limitOf(manufacturer),
    flagLimit: limitOf(flags),
    orders,
    labels,
  };
}

type Compare = (a: number, b: number) => number;
type SortColumns = Pick<CatalogueIndex, "ids" | "price" | "discount" | "paid" | "arrived">;

/** Each sort's order of two rows; equal values go by id. */
function sortComparators({ ids, price, discount, paid, arrived }: SortColumns): Record<SortOrder, Compare> {
  return {
    price_desc: (a, b) => price[b]! - price[a]! || ids[b]! - ids[a]!,
    price_asc: (a, b) => price[a]! - price[b]! || ids[a]! - ids[b]!,
    // Spec 4 sorts the price ratio ascending; the largest discount first is the same.
    best_value: (a, b) => discount[b]! - discount[a]! || price[a]! - price[b]! || ids[a]! - ids[b]!,
    best_sellers: (a, b) => paid[b]! - paid[a]! || ids[b]! - ids[a]!,
    new_arrivals: (a, b) => arrived[b]! - arrived[a]! || ids[b]! - ids[a]!,
    relevance: (a, b) => paid[b]! - paid[a]! || arrived[b]! - arrived[a]! || ids[b]! - ids[a]!,
  };
}

/**
 * The index with new paid amounts for some products (id → units sold). Only
 * the best-seller and relevance orders depend on them, and in those only the
 * changed rows move: each order is one pass that leaves them out and merges
 * them back in at their new places, milliseconds at a million products, where
 * a rebuild takes seconds. Unchanged amounts give back the same index.
 */
export function withPaidAmounts(index: CatalogueIndex, amounts: ReadonlyMap<number, number>): CatalogueIndex {
  const paid = index.paid.slice();
  const changed = new Uint8Array(index.size);
  const rows: number[] = [];
  for (const [id, amount] of amounts) {
    const row = rowOf(index, id);
    if (row < 0 || paid[row] === amount) continue;
    paid[row] = amount;
    changed[row] = 1;
    rows.push(row);
  }
  if (!rows.length) return index;
  const orders = everyOrder(index.orders);
  const compare = sortComparators({ ...index, paid });
  return {
    ...index,
    paid,
    orders: {
      ...orders,
      best_sellers: mergedBack(orders.best_sellers, changed, rows, compare.best_sellers),
      relevance: mergedBack(orders.relevance, changed, rows, compare.relevance),
    },
  };
}

/**
 * The index with the listing columns of some products as they are now
 * (`products`, active ones) and without others (`removedIds`: deactivated or
 * deleted). Each changed product's row is marked dead and a new row is added
 * after the others, so nothing is regrouped: a sort order, when a listing
 * first reads it, is its earlier self with the dead rows left out and the
 * new ones merged in (SplicedOrders). A few milliseconds at a million
 * products, where a rebuild takes seconds; the rows added this way are
 * re-grouped by the next rebuild.
 */
export function withChanges(index: CatalogueIndex, changed: readonly ProductColumns[], removedIds: readonly number[]): CatalogueIndex {
  if (!changed.length && !removedIds.length) return index;
  // A product named twice is taken as it was named last.
  const products = [...new Map(changed.map((product) => [product.id, product])).values()];
  const added = products.length;
  const size = index.size + added;
  // Rows are added into the columns' spare room, which the last writer alone
  // may use; otherwise, or when it runs out, the columns move to larger
  // buffers with room for an eighth more.
  const ours = index.written.rows === index.size;
  const room = <T extends Column>(column: T, used: number, needed: number): T => {
    if (ours && column.length >= needed) return column;
    const to = new (column.constructor as new (length: number) => T)(needed + Math.max(1024, needed >> 3));
    to.set(column.subarray(0, used) as never);
    return to;
  };
  const ids = room(index.ids, index.size, size);
  const category = room(index.category, index.size, size);
  const offer = room(index.offer, index.size, size);
  const manufacturer = room(index.manufacturer, index.size, size);
  const price = room(index.price, index.size, size);
  const ratio = room(index.ratio, index.size, size);
  const discount = room(index.discount, index.size, size);
  const paid = room(index.paid, index.size, size);
  const arrived = room(index.arrived, index.size, size);
  const optionStart = room(index.optionStart, index.size + 1, size + 1);
  const flagStart = room(index.flagStart, index.size + 1, size + 1);
  const optionsUsed = index.optionStart[index.size]!;
  const flagsUsed = index.flagStart[index.size]!;
  const options = room(index.options, optionsUsed, optionsUsed + products.reduce((n, p) => n + p.optionIds.length, 0));
  const flags = room(index.flags, flagsUsed, flagsUsed + products.reduce((n, p) => n + p.flagIds.length, 0));
  // Marks on rows other indexes read: always a copy of its own.
  const dead = new Uint8Array(size);
  if (index.dead) dead.set(index.dead.subarray(0, index.size));

  let largestId = index.rowById.length - 1;
  for (const product of products) largestId = Math.max(largestId, product.id);
  const rowById = new Int32Array(largestId + 1);
  rowById.set(index.rowById);
  rowById.fill(-1, index.rowById.length);
  const leaving: number[] = [];
  for (const id of new Set([...removedIds, ...products.map((product) => product.id)])) {
    const row = rowOf(index, id);
    if (row >= 0) {
      dead[row] = 1;
      leaving.push(row);
    }
    if (id >= 0 && id < rowById.length) rowById[id] = -1;
  }

  let optionCount = index.optionStart[index.size]!;
  let flagCount = index.flagStart[index.size]!;
  const entering: number[] = [];
  let { categoryLimit, manufacturerLimit, flagLimit } = index;
  const columns: RowColumns = { ids, category, offer, manufacturer, price, ratio, discount, paid, arrived, optionStart, options, flagStart, flags };
  products.forEach((product, k) => {
    const row = index.size + k;
    entering.push(row);
    rowById[product.id] = row;
    [optionCount, flagCount] = writeRow(columns, row, product, optionCount, flagCount);
    for (const id of product.flagIds) flagLimit = Math.max(flagLimit, id + 1);
    categoryLimit = Math.max(categoryLimit, product.categoryId + 1);
    manufacturerLimit = Math.max(manufacturerLimit, (product.manufacturerId ?? 0) + 1);
  });
  optionStart[size] = optionCount;
  flagStart[size] = flagCount;

  const orders = SplicedOrders.after(index.orders, { leaving, entering, earlier: null }, { ids, price, discount, paid, arrived });
  // From now on only the new index may add rows to the buffers it shares.
  const written = ours ? index.written : { rows: 0 };
  written.rows = size;
  return {
    ...index,
    size,
    dead,
    written,
    ids,
    rowById,
    category,
    offer,
    manufacturer,
    price,
    ratio,
    discount,
    paid,
    arrived,
    categoryLimit,
    optionStart,
    options,
    flagStart,
    flags,
    manufacturerLimit,
    flagLimit,
    orders,
  };
}

type Orders = Record<SortOrder, Int32Array>;
/** The rows one withChanges took out and put in, after those of the batch before it. */
type Batch = { leaving: readonly number[]; entering: readonly number[]; earlier: Batch | null };
/** A sort order: `base` holds the batches up to `holds`; `made` is it with the later ones, once a listing has read it. */
type OrderSlot = { base: Int32Array; holds: Batch | null; made: Int32Array | null };

/**
 * The sort orders after one more batch of changes, each spliced only when a
 * listing first reads it: a listing reads one order, and splicing all six
 * on every change copied 24 MB at a million rows twice a second, with the
 * garbage collection that followed, into the request that looked. An order
 * nobody reads keeps its batches until one does, or until a rebuild.
 *
 * A class, its getters on the prototype: a getter made as a closure inside
 * withChanges (where a minifier may inline the code that makes it) would
 * hold withChanges' scope, and with it the index before, and so every index
 * since the last rebuild.
 */
class SplicedOrders {
  constructor(
    readonly slots: Record<SortOrder, OrderSlot>,
    readonly head: Batch,
    readonly columns: SortColumns,
  ) {}

  static after(orders: Orders, batch: Batch, columns: SortColumns): Orders {
    const earlier = orders instanceof SplicedOrders ? orders : null;
    batch.earlier = earlier?.head ?? null;
    const slots = {} as Record<SortOrder, OrderSlot>;
    for (const sort of SORT_ORDERS) {
      const before = earlier?.slots[sort];
      // An order already made (or built) is the next one's base; one not yet made passes its base and batches on.
      slots[sort] = before && !before.made ? { ...before } : { base: before?.made ?? orders[sort], holds: batch.earlier, made: null };
    }
    return new SplicedOrders(slots, batch, columns) as unknown as Orders;
  }

  order(sort: SortOrder) {
    const slot = this.slots[sort];
    return (slot.made ??= splicedBatches(slot, this.head, sortComparators(this.columns)[sort]));
  }
}
// Read by name only (index.orders[sort]): a spread or Object.values of
// SplicedOrders sees no orders, so code that needs them all asks everyOrder.
for (const sort of SORT_ORDERS) {
  Object.defineProperty(SplicedOrders.prototype, sort, { get(this: SplicedOrders) { return this.order(sort); } });
}

/** Each sort's order as its own array: what a spread of SplicedOrders' getters would not copy. */
export function everyOrder(orders: Orders): Orders {
  return Object.fromEntries(SORT_ORDERS.map((sort) => [sort, orders[sort]])) as Orders;
}

/** A slot's base with the batches after those it holds, from `head` back: each row's last move counts. */
function splicedBatches(slot: OrderSlot, head: Batch, compare: Compare) {
  const batches: Batch[] = [];
  for (let batch: Batch | null = head; batch && batch !== slot.holds; batch = batch.earlier) batches.push(batch);
  const leaving: number[] = [];
  const entering = new Set<number>();
  for (const batch of batches.reverse()) {
    // A row that entered in an earlier batch was never in the base: it just does not enter.
    for (const row of batch.leaving) if (!entering.delete(row)) leaving.push(row);
    for (const row of batch.entering) entering.add(row);
  }
  return spliced(slot.base, leaving, [...entering], compare);
}

/** The first place in `order` whose row does not come before `row`. */
function firstNotBefore(order: Int32Array, row: number, compare: Compare) {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(order[middle]!, row) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * `order` without the leaving rows and with the entering ones where
 * `compare` places them. Each is found by binary search (a leaving row keeps
 * its values, and ids break every tie, so it sits exactly where `compare`
 * says), and the stretches between are copied whole: a few milliseconds
 * at a million rows, where a pass comparing every row took ten times that.
 */
function spliced(order: Int32Array, leaving: number[], entering: number[], compare: Compare) {
  const removeAt = leaving.map((row) => firstNotBefore(order, row, compare)).sort((a, b) => a - b);
  const adds = [...entering].sort(compare);
  const addAt = adds.map((row) => firstNotBefore(order, row, compare));
  const result = new Int32Array(order.length - removeAt.length + adds.length);
  let out = 0;
  let from = 0;
  const copyTo = (end: number) => {
    result.set(order.subarray(from, end), out);
    out += end - from;
    from = end;
  };
  for (let r = 0, a = 0; r < removeAt.length || a < adds.length; ) {
    if (a < adds.length && (r === removeAt.length || addAt[a]! <= removeAt[r]!)) {
      copyTo(addAt[a]!);
      result[out++] = adds[a++]!;
    } else {
      copyTo(removeAt[r++]!);
      from++; // the leaving row
    }
  }
  copyTo(order.length);
  return result;
}

/** `order` with the changed rows taken out and put back where `compare` now places them (their values changed: no search finds them). */
function mergedBack(order: Int32Array, leaving: Uint8Array, rows: number[], compare: Compare) {
  const moved = [...rows].sort(compare);
  let stay = 0;
  for (let i = 0; i < order.length; i++) if (!leaving[order[i]!]) stay++;
  const result = new Int32Array(stay + moved.length);
  let out = 0;
  let next = 0;
  for (let i = 0; i < order.length; i++) {
    const row = order[i]!;
    if (leaving[row]) continue;
    while (next < moved.length && compare(moved[next]!, row) < 0) result[out++] = moved[next++]!;
    result[out++] = row;
  }
  while (next < moved.length) result[out++] = moved[next++]!;
  return result;
}

/** One more than the largest value (at least 1): the length of an array indexed by the values. */
function limitOf(values: Int32Array | Float64Array) {
  let max = 0;
  for (let i = 0; i < values.length; i++) if (values[i]! > max) max = values[i]!;
  return max + 1;
}

/**
 * Remembers the last `size` values per catalogue index: they are forgotten
 * with the index they were worked out from, so none outlives a change.
 */
export function lruPerIndex<V>(size: number) {
  const caches = new WeakMap<CatalogueIndex, ReturnType<typeof lru<V>>>();
  return (index: CatalogueIndex, key: string, compute: () => V): V => {
    const cached = caches.get(index) ?? lru<V>(size);
    caches.set(index, cached);
    return cached(key, compute);
  };
}

/** The row of a product id, or -1 when the index does not hold it. */
export function rowOf(index: CatalogueIndex, id: number) {
  return id >= 0 && id < index.rowById.length ? index.rowById[id]! : -1;
}
