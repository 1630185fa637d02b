// The catalogue's listing columns, held column by column in typed arrays: what
// every listing filters, counts and sorts by, and nothing a product card shows.
// A row is a product's position in id order. Built from the database by
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
  /** Names this state of the catalogue; a new one means the catalogue changed. */
  version: string;
  size: number;
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
  /** Every row in each sort's order; "relevance" holds its tie-breakers (paid amount, then arrival). */
  orders: Record<SortOrder, Int32Array>;
  /** A row's place in orders.relevance, to break ties between equally relevant rows. */
  relevanceRank: Int32Array;
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

/** Builds the index from products given in ascending id order. */
export function buildCatalogueIndex(
  version: string,
  products: ProductColumns[],
  optionFields: Map<number, number>,
  labels: FacetLabels,
): CatalogueIndex {
  const size = products.length;
  const ids = new Float64Array(size);
  const category = new Int32Array(size);
  const offer = new Uint8Array(size);
  const manufacturer = new Int32Array(size);
  const price = new Float64Array(size);
  const ratio = new Float64Array(size);
  const discount = new Int16Array(size);
  const paid = new Float64Array(size);
  const arrived = new Float64Array(size);
  const optionStart = new Int32Array(size + 1);
  const flagStart = new Int32Array(size + 1);
  let optionCount = 0;
  let flagCount = 0;
  for (const product of products) {
    optionCount += product.optionIds.length;
    flagCount += product.flagIds.length;
  }
  const options = new Int32Array(optionCount);
  const flags = new Int32Array(flagCount);

  let o = 0;
  let f = 0;
  for (let row = 0; row < size; row++) {
    const product = products[row]!;
    ids[row] = product.id;
    category[row] = product.categoryId;
    offer[row] = product.offer ? 1 : 0;
    manufacturer[row] = product.manufacturerId ?? 0;
    price[row] = product.priceMinor;
    ratio[row] = product.originalPriceMinor > 0 ? product.priceMinor / product.originalPriceMinor : NaN;
    discount[row] = product.discountPercentage;
    paid[row] = product.paidAmount;
    arrived[row] = product.arrivedAt;
    optionStart[row] = o;
    for (const id of product.optionIds) options[o++] = id;
    flagStart[row] = f;
    for (const id of product.flagIds) flags[f++] = id;
  }
  optionStart[size] = o;
  flagStart[size] = f;

  let maxOption = 0;
  for (const id of optionFields.keys()) maxOption = Math.max(maxOption, id);
  const optionField = new Int32Array(maxOption + 1);
  for (const [option, field] of optionFields) optionField[option] = field;

  // Rows are in id order, so comparing rows compares ids.
  const sorted = (compare: (a: number, b: number) => number) => {
    const rows = new Int32Array(size);
    for (let row = 0; row < size; row++) rows[row] = row;
    return rows.sort(compare);
  };
  const orders: Record<SortOrder, Int32Array> = {
    price_desc: sorted((a, b) => price[b]! - price[a]! || b - a),
    price_asc: sorted((a, b) => price[a]! - price[b]! || a - b),
    // Spec 4 sorts the price ratio ascending; the largest discount first is the same.
    best_value: sorted((a, b) => discount[b]! - discount[a]! || price[a]! - price[b]! || a - b),
    best_sellers: sorted((a, b) => paid[b]! - paid[a]! || b - a),
    new_arrivals: sorted((a, b) => arrived[b]! - arrived[a]! || b - a),
    relevance: sorted((a, b) => paid[b]! - paid[a]! || arrived[b]! - arrived[a]! || b - a),
  };
  const relevanceRank = new Int32Array(size);
  orders.relevance.forEach((row, rank) => (relevanceRank[row] = rank));

  const rowById = new Int32Array(size ? ids[size - 1]! + 1 : 0).fill(-1);
  for (let row = 0; row < size; row++) rowById[ids[row]!] = row;

  return {
    version,
    size,
    ids,
    rowById,
    category,
    offer,
    manufacturer,
    price,
    ratio,
    discount,
    categoryLimit: limitOf(category),
    optionStart,
    options,
    flagStart,
    flags,
    optionField,
    manufacturerLimit: limitOf(manufacturer),
    flagLimit: limitOf(flags),
    orders,
    relevanceRank,
    labels,
  };
}

function limitOf(values: Int32Array) {
  let max = 0;
  for (const value of values) if (value > max) max = value;
  return max + 1;
}

/** The row of a product id, or -1 when the index does not hold it. */
export function rowOf(index: CatalogueIndex, id: number) {
  return id >= 0 && id < index.rowById.length ? index.rowById[id]! : -1;
}
