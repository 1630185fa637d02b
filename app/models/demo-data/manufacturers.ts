// Invented brands, eight per top-level category so that a phone never comes
// from a shampoo maker. Ids are (category - 1) × 8 + 1 … category × 8.
const BRANDS_BY_TOP_CATEGORY: readonly (readonly string[])[] = [
  ["Nordvik", "Voltaro", "Lumatek", "Brightwave", "Ziricon", "Auralis", "Pixelfjord", "Corvana"],
  ["Amberline", "Baltrim", "Norrholm", "Drift & Pine", "Kastanis", "Linmark", "Valka Studio", "Saulera"],
  ["Stridewell", "Trailkin", "Soleria", "Peakstep", "Urban Heel", "Moorland", "Ravenfoot", "Kurpis"],
  ["Gintara", "Oakhide", "Carrymore", "Lunetta", "Sundial & Co", "Brisa", "Marlow & Finch", "Vanalinn"],
  ["Lumi Botanics", "Dzintra", "Velvetia", "Aqualis", "Rosalind", "Pure Tundra", "Medus", "Silta Skin"],
];

export const BRANDS_PER_CATEGORY = 8;

export function slugify(text: string) {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/'/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export const MANUFACTURERS = BRANDS_BY_TOP_CATEGORY.flatMap((brands, c) =>
  brands.map((name, i) => ({ id: c * BRANDS_PER_CATEGORY + i + 1, name, slug: slugify(name) })),
);
