import { lru } from "./lru";

// Responsive images through the shop's image proxy (/img). The browser and
// the server share this module, so the URLs a page asks for and the sizes the
// proxy renders follow the same rules.

/** Spec 3: the layout's breakpoints, in CSS pixels. */
export const BREAKPOINTS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, "2xl": 1536 } as const;

/** Spec 9: the pixel densities worth a separate file. */
export const DENSITIES = [1, 2] as const;
export type Density = (typeof DENSITIES)[number];

export const IMAGE_FITS = ["cover", "contain", "fill", "inside", "outside"] as const;
export type ImageFit = (typeof IMAGE_FITS)[number];

export const IMAGE_FORMATS = ["webp", "avif", "jpeg", "png"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** Spec 9: what an image gets when nothing else is asked for. */
export const IMAGE_DEFAULTS = { format: "webp", quality: 75, height: 800, fit: "inside" } as const satisfies {
  format: ImageFormat;
  quality: number;
  height: number;
  fit: ImageFit;
};

/**
 * The largest side the proxy renders, in device pixels: enough for a full-width
 * gallery image on a 2x screen, small enough that one request cannot tie up
 * the server.
 */
export const MAX_IMAGE_DIMENSION = 2560;

export const IMAGE_PROXY_PATH = "/img";

export type ImagePreset = {
  width: number;
  height: number;
  fit: ImageFit;
  /** Padding (contain) and transparent areas are filled with it. */
  background?: string;
  /**
   * How wide the image is shown, for `sizes`. A preset without it is shown at
   * a fixed size, so its srcset names a denser screen's file (2x) instead of
   * widths.
   */
  sizes?: string;
  /**
   * The width of a denser screen's file, for a preset shown smaller than its
   * own width: its srcset names that file for 2x instead of twice its width.
   */
  denserWidth?: number;
};

export const IMAGE_PRESETS = {
  thumbnail: { width: 96, height: 96, fit: "cover" },
  category: { width: 192, height: 192, fit: "cover" },
  // Beside a search suggestion: small, whole and on white like the cards.
  suggestion: { width: 48, height: 48, fit: "contain", background: "#ffffff" },
  // Product pictures of any shape line up in the grid: letterboxed on white,
  // never cropped. A card is never wider than about 320 CSS pixels (half a
  // phone, or one of three or four columns), so its file follows the
  // screen's density, not the layout: 400 for a plain screen, 640 for a
  // denser one. Width descriptors with `sizes` picked the same files, but a
  // listing names 48 cards and they cost 160 bytes a card more (issue 31);
  // 320, 768 and 800 still render for addresses that name them.
  card: { width: 400, height: 400, fit: "contain", background: "#ffffff", denserWidth: 640 },
  // The product page's main picture: as large as the column allows, never
  // taller than the spec's 800 pixels, never cropped.
  gallery: { width: 1024, height: 800, fit: "inside", sizes: "(min-width: 1024px) 1024px, 100vw" },
  blog: { width: 480, height: 270, fit: "cover", sizes: "(min-width: 640px) 480px, 100vw" },
} as const satisfies Record<string, ImagePreset>;

export type ImagePresetName = keyof typeof IMAGE_PRESETS;

/** Spec 8: an unknown preset is a programming error, not a missing picture. */
export function getImagePreset(name: string): ImagePreset {
  if (!Object.hasOwn(IMAGE_PRESETS, name)) throw new Error(`Unknown image preset: ${name}`);
  return IMAGE_PRESETS[name as ImagePresetName];
}

export type ImageOptions = {
  preset?: string;
  width?: number;
  height?: number;
  fit?: ImageFit;
  format?: ImageFormat;
  quality?: number;
  background?: string;
  density?: Density;
};

export type ResolvedImage = {
  /** In device pixels; undefined lets the height and the picture's own shape decide. */
  width: number | undefined;
  height: number;
  fit: ImageFit;
  format: ImageFormat;
  quality: number;
  background: string | undefined;
};

/**
 * What the proxy renders for a set of options: the preset's values under the
 * explicit ones, the spec's defaults under both, times the density.
 */
export function resolveImage(options: ImageOptions): ResolvedImage {
  const preset = options.preset === undefined ? undefined : getImagePreset(options.preset);
  const fit = options.fit ?? preset?.fit ?? IMAGE_DEFAULTS.fit;
  const width = options.width ?? preset?.width;
  let height = options.height ?? preset?.height ?? IMAGE_DEFAULTS.height;
  if (preset && options.width !== undefined && options.height === undefined) {
    const scaled = Math.max(1, Math.round((preset.height * options.width) / preset.width));
    // A fixed box keeps its shape at every width. For "inside" and "outside"
    // the height is a bound: a wider copy (for a denser screen) raises it, a
    // narrower one keeps it, or a tall picture in a narrow column would be
    // rendered smaller than it is shown.
    height = fit === "inside" || fit === "outside" ? Math.max(preset.height, scaled) : scaled;
  }
  const density = options.density ?? 1;
  return {
    width: width === undefined ? undefined : width * density,
    height: height * density,
    fit,
    format: options.format ?? IMAGE_DEFAULTS.format,
    quality: options.quality ?? IMAGE_DEFAULTS.quality,
    background: options.background ?? preset?.background,
  };
}

const IMAGE_PROVIDERS = {
  proxy: proxyUrl,
  // For pictures that must stay as they are (an SVG logo, say).
  none: (src: string) => src,
} satisfies Record<string, (src: string, options: ImageOptions) => string>;

export type ImageProvider = keyof typeof IMAGE_PROVIDERS;

/** The query's name for each option, in the order the query form writes them. */
const QUERY_NAMES = { preset: "p", width: "w", height: "h", fit: "fit", format: "f", quality: "q", background: "bg", density: "dpr" } as const;

/** The short form's size segment: a width, and a density past 1 (`96x2`). */
export const SHORT_IMAGE_SIZE = /^(\d{1,4})(?:x(\d))?$/;

/**
 * A preset's picture from the shop's own files has a short address of paths
 * alone, `/img/card/320/media/demo/x-1.svg` (or `…/96x2/…` for a denser
 * screen): a listing names 48 cards at five widths each, and the query form
 * spelt each address out at twice the length (decision 049). Anything else
 * (a remote source, a chosen fit, format or quality) keeps the query form.
 */
function proxyUrl(src: string, options: ImageOptions) {
  const { preset, density } = options;
  const values: Partial<Record<keyof typeof QUERY_NAMES, string | number>> = {
    ...options,
    width: options.width ?? (preset === undefined ? undefined : getImagePreset(preset).width),
    background: options.background?.replace(/^#/, ""),
    density: density === 1 ? undefined : density,
  };
  const { preset: _preset, width, density: denser, ...rest } = values;
  if (preset !== undefined && /^\/(?!\/)/.test(src) && Object.values(rest).every((value) => value === undefined)) {
    return `${IMAGE_PROXY_PATH}/${preset}/${width}${denser ? `x${denser}` : ""}${src.split("/").map(encodeURIComponent).join("/")}`;
  }
  const query = new URLSearchParams({ src });
  for (const [key, name] of Object.entries(QUERY_NAMES)) {
    const value = values[key as keyof typeof QUERY_NAMES];
    if (value !== undefined) query.set(name, String(value));
  }
  return `${IMAGE_PROXY_PATH}?${query}`;
}

/**
 * The URL of `src` rendered with `options`. Sizes are in CSS pixels; the
 * density multiplies them on the server. Spec 8: an unknown preset or
 * provider throws.
 */
export function imageUrl(src: string, options: ImageOptions & { provider?: string } = {}) {
  const { provider = "proxy", ...rest } = options;
  if (!Object.hasOwn(IMAGE_PROVIDERS, provider)) throw new Error(`Unknown image provider: ${provider}`);
  if (rest.preset !== undefined) getImagePreset(rest.preset);
  return IMAGE_PROVIDERS[provider as ImageProvider](src, rest);
}

/**
 * The widths worth a file for a preset shown at up to its own width: the
 * breakpoints below twice that width, plus the width itself at each density.
 */
export function presetWidths(presetName: string): number[] {
  const preset = getImagePreset(presetName);
  const largest = preset.width * Math.max(...DENSITIES);
  const widths = new Set<number>([...Object.values(BREAKPOINTS), ...DENSITIES.map((density) => preset.width * density)]);
  return [...widths].filter((width) => width <= largest && width <= MAX_IMAGE_DIMENSION).sort((a, b) => a - b);
}

/**
 * A `srcset` for `src`: widths (`640w`) for a preset whose displayed width
 * follows the layout, the denser screen's file (`2x`) for one shown at a
 * fixed size.
 */
export function srcSet(src: string, presetName: string) {
  return presetPicture(src, presetName).srcSet;
}

/** A preset's address for `src` at the preset's own size, as an <img>'s `src` beside its srcset. */
export function presetImageUrl(src: string, presetName: string) {
  return presetPicture(src, presetName).src;
}

/**
 * A preset's `src` and `srcset` for a picture, made once: a listing writes
 * both for each of its 48 cards, and the same pictures come back page after
 * page. A preset shown at a fixed size names only the denser screen's file
 * in its srcset: the `src` is already the plain screen's (1x).
 */
function presetPicture(src: string, presetName: string) {
  return presetPictures(`${presetName} ${src}`, () => {
    const preset = getImagePreset(presetName);
    const denser = preset.denserWidth === undefined ? { density: 2 as const } : { width: preset.denserWidth };
    return {
      src: imageUrl(src, { preset: presetName }),
      srcSet: preset.sizes
        ? presetWidths(presetName).map((width) => `${imageUrl(src, { preset: presetName, width })} ${width}w`).join(", ")
        : `${imageUrl(src, { preset: presetName, ...denser })} 2x`,
    };
  });
}
const presetPictures = lru<{ src: string; srcSet: string }>(5_000);

/** The `sizes` for a preset's srcset; undefined where it lists densities. */
export function imageSizes(presetName: string): string | undefined {
  return getImagePreset(presetName).sizes;
}
