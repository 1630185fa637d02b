// The answer of GET /api/search/suggest, as the search bar's suggestions read it.

export type SuggestAnswer = {
  total: number;
  similar: boolean;
  items: {
    id: number;
    name: string;
    manufacturer: string | null;
    url: string;
    image: string;
    imageSrcSet: string;
    /** EUR, minor units. */
    priceMinor: number;
    /** In the currency asked for, as the shop shows it. */
    price: string;
    /** Before the discount; null without one. */
    oldPrice: string | null;
  }[];
  categories: { id: number; name: string; count: number; url: string }[];
  searchUrl: string;
};
