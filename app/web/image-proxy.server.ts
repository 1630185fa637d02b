import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import { readFile, realpath, stat } from "node:fs/promises";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import * as v from "valibot";
import { demoImageSvg } from "~/models/demo-data/demo-image";
import {
  BREAKPOINTS,
  DENSITIES,
  IMAGE_DEFAULTS,
  IMAGE_FITS,
  IMAGE_FORMATS,
  IMAGE_PRESETS,
  MAX_IMAGE_DIMENSION,
  getImagePreset,
  type ImagePreset,
  presetWidths,
  IMAGE_PROXY_PATH,
  SHORT_IMAGE_SIZE,
  resolveImage,
  type ImageFormat,
  type ImageOptions,
  type ResolvedImage,
} from "~/lib/image";
import { lru } from "~/lib/lru";
import { LISTING_PHOTO_PATH } from "~/models/pro/listing";
import { readListingPhoto } from "~/models/pro/photos.server";

// Here, not in lib/image, which the pages' scripts carry: they never need it.
/**
 * The sizes, in CSS pixels, the proxy renders a width or a height at when a
 * URL names one of its own: the breakpoints, the presets' sides at each
 * density, and spec 9's height of 800. A list, not a range, so that the
 * renders anyone can ask for stay few enough for a cache to hold.
 */
const IMAGE_SIZES: readonly number[] = [
  ...new Set([
    ...Object.values(BREAKPOINTS),
    ...Object.values(IMAGE_PRESETS).flatMap((preset: ImagePreset) => DENSITIES.flatMap((density) => [preset.width * density, preset.height * density])),
    IMAGE_DEFAULTS.height,
  ]),
]
  .filter((size) => size <= MAX_IMAGE_DIMENSION)
  .sort((a, b) => a - b);

/** Qualities are asked for in steps of 5 from 30 (below it a picture is not worth showing) to 100; spec 9's 75 among them. */
const IMAGE_QUALITY_STEP = 5;
const IMAGE_QUALITY_MIN = 30;

/** A request the proxy refuses (400) or a source it cannot load (404). */
export class ImageError extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
    this.name = "ImageError";
  }
}

/** Local sources live under these paths, in `public/` or drawn by the shop. */
export const LOCAL_IMAGE_PREFIXES = ["/media/", "/images/"] as const;
const DEMO_IMAGE = /^\/media\/demo\/([a-z0-9-]+)-(\d{1,3})\.svg$/;
const LOCAL_EXTENSIONS = new Set([".avif", ".gif", ".jpeg", ".jpg", ".png", ".svg", ".webp"]);

const MAX_SOURCE_BYTES = 10 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;
// Far above any product photo, far below what would exhaust memory on a
// decompression bomb.
const MAX_INPUT_PIXELS = 50_000_000;
// librsvg draws an SVG at 72 dpi unless told otherwise.
const SVG_BASE_DENSITY = 72;

const dimension = (name: string) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,4}$/, `${name} must be a whole number from 1 to ${MAX_IMAGE_DIMENSION}`),
    v.transform(Number),
    v.minValue(1, `${name} must be a whole number from 1 to ${MAX_IMAGE_DIMENSION}`),
    v.maxValue(MAX_IMAGE_DIMENSION, `${name} must be a whole number from 1 to ${MAX_IMAGE_DIMENSION}`),
  );

const ImageQuerySchema = v.object({
  src: v.pipe(v.optional(v.string(), ""), v.minLength(1, "src is required"), v.maxLength(2048, "src is too long")),
  p: v.optional(v.picklist(Object.keys(IMAGE_PRESETS), `p must be one of ${Object.keys(IMAGE_PRESETS).join(", ")}`)),
  w: v.optional(dimension("w")),
  h: v.optional(dimension("h")),
  fit: v.optional(v.picklist(IMAGE_FITS, `fit must be one of ${IMAGE_FITS.join(", ")}`)),
  f: v.optional(v.picklist(IMAGE_FORMATS, `f must be one of ${IMAGE_FORMATS.join(", ")}`)),
  q: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, "q must be a whole number from 1 to 100"),
      v.transform(Number),
      v.minValue(1, "q must be a whole number from 1 to 100"),
      v.maxValue(100, "q must be a whole number from 1 to 100"),
    ),
  ),
  bg: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^#?([0-9a-f]{3}|[0-9a-f]{6})$/i, "bg must be a hex colour such as fff or 1a2b3c"),
      // One spelling per colour (fff and FFFFFF are #ffffff), so one render and one cached copy.
      v.transform((hex) => {
        const digits = hex.replace(/^#/, "").toLowerCase();
        return `#${digits.length === 3 ? [...digits].map((d) => d + d).join("") : digits}`;
      }),
    ),
  ),
  dpr: v.optional(
    v.pipe(
      v.picklist(
        DENSITIES.map((d) => String(d)),
        `dpr must be ${DENSITIES.join(" or ")}`,
      ),
      v.transform((d) => Number(d) as (typeof DENSITIES)[number]),
    ),
  ),
});

/**
 * The proxy's query (src, p, w, h, fit, f, q, bg, dpr) checked and resolved to
 * what will be rendered; a preset is optional. Unknown parameters are ignored, so a cache-busting
 * `v=` does no harm; a repeated one is refused, as it is ambiguous.
 */
export function parseImageQuery(query: URLSearchParams): { src: string; options: ImageOptions; image: ResolvedImage } {
  const raw: Record<string, string> = {};
  for (const [key, value] of query) {
    if (Object.hasOwn(raw, key)) throw new ImageError(400, `${key} may be given only once`);
    raw[key] = value;
  }
  const result = v.safeParse(ImageQuerySchema, raw);
  if (!result.success) {
    const problems = result.issues.map((issue) => issue.message);
    throw new ImageError(400, `Bad image request: ${problems.join("; ")}`);
  }
  const { src, p, w, h, fit, f, q, bg, dpr } = result.output;
  checkBounded(p, w, h, q, dpr);
  const options: ImageOptions = { preset: p, width: w, height: h, fit, format: f, quality: q, background: bg, density: dpr };
  const image = resolveImage(options);
  if ((image.width ?? 0) > MAX_IMAGE_DIMENSION || image.height > MAX_IMAGE_DIMENSION) {
    throw new ImageError(400, `Bad image request: the image would be larger than ${MAX_IMAGE_DIMENSION} pixels a side`);
  }
  return { src, options, image };
}

/**
 * What an image URL asks for: the query form, or the short form of a preset
 * and a local picture, `/img/<preset>/<width>[x<density>]/<path>`
 * (lib/image.ts), which stands for the same query and passes the same checks.
 */
export function parseImageRequest(url: URL) {
  const short = url.pathname.startsWith(`${IMAGE_PROXY_PATH}/`) ? url.pathname.slice(IMAGE_PROXY_PATH.length + 1).split("/") : null;
  if (!short) return parseImageQuery(url.searchParams);
  const [preset = "", size = "", ...path] = short;
  const match = SHORT_IMAGE_SIZE.exec(size);
  if (!match || path.length === 0 || path.includes("")) throw new ImageError(400, "Bad image request: a short image address is /img/<preset>/<width>/<path>, or <width>x2 for a denser screen");
  let src: string;
  try {
    src = `/${path.map(decodeURIComponent).join("/")}`;
  } catch {
    throw new ImageError(400, "Bad image request: the path is not a valid address");
  }
  const query = new URLSearchParams({ src, p: preset, w: match[1]! });
  if (match[2] !== undefined) query.set("dpr", match[2]);
  return parseImageQuery(query);
}

/**
 * Every option of spec 7 is taken (fit, width, height, quality, background,
 * format), each from a short list: a preset's widths are those its srcset
 * lists (the second density only at its own width), other widths and every
 * height are the shop's sizes (IMAGE_SIZES), qualities go in steps of 5, and
 * fits and formats are named. Any size or quality at all would let anyone
 * make the server render without end, each new value a new URL no cache
 * holds; so the renders there can be stay few, and each one small.
 */
function checkBounded(preset: string | undefined, width: number | undefined, height: number | undefined, quality: number | undefined, density: number | undefined) {
  if (preset !== undefined) {
    const own = getImagePreset(preset).width;
    const widths = [...new Set([own, ...presetWidths(preset)])].sort((a, b) => a - b);
    if (width !== undefined && !widths.includes(width)) throw new ImageError(400, `Bad image request: w must be one of ${widths.join(", ")} for ${preset}`);
    if (density !== undefined && density !== 1 && width !== undefined && width !== own) {
      throw new ImageError(400, `Bad image request: dpr ${density} is only for ${preset}'s own width of ${own}`);
    }
  } else if (width !== undefined && !IMAGE_SIZES.includes(width)) {
    throw new ImageError(400, `Bad image request: w must be one of ${IMAGE_SIZES.join(", ")}`);
  }
  if (height !== undefined && !IMAGE_SIZES.includes(height)) throw new ImageError(400, `Bad image request: h must be one of ${IMAGE_SIZES.join(", ")}`);
  if (quality !== undefined && (quality < IMAGE_QUALITY_MIN || quality % IMAGE_QUALITY_STEP !== 0)) {
    throw new ImageError(400, `Bad image request: q must be a multiple of ${IMAGE_QUALITY_STEP} from ${IMAGE_QUALITY_MIN} to 100`);
  }
}

// Renders take a core each; more at once than there are cores only makes
// every one of them slower. The rest wait their turn.
const MAX_RENDERS = Math.max(1, availableParallelism());
let rendering = 0;
const waiting: Array<() => void> = [];

/** Runs `work` when a render slot is free; a finished render hands its slot on. */
export async function inRenderSlot<T>(work: () => Promise<T>): Promise<T> {
  if (rendering < MAX_RENDERS) rendering++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else rendering--;
  }
}

/** Whether `url`'s host is on the list; "*.example.com" covers its subdomains. */
export function isAllowedImageHost(url: URL, allowedHosts: readonly string[]) {
  // `host` carries the port unless it is the default one, so an entry without
  // a port allows only the default port.
  const host = url.host.toLowerCase();
  return allowedHosts.some((entry) => {
    const allowed = entry.toLowerCase();
    return allowed.startsWith("*.") ? host.endsWith(allowed.slice(1)) && host.length > allowed.length - 1 : host === allowed;
  });
}

export type ImageSourceOptions = {
  allowedHosts: readonly string[];
  publicDir?: string;
  fetch?: typeof fetch;
};

/** The bytes of `src`: a demo drawing, a file under `public/`, or an allowed remote image. */
export async function loadImageSource(src: string, options: ImageSourceOptions): Promise<Buffer> {
  if (/^https:\/\//i.test(src)) return fetchRemote(remoteUrl(src, options.allowedHosts), options);
  if (src.startsWith("/") && !src.startsWith("//")) return loadLocal(localPath(src), options.publicDir ?? path.resolve("public"));
  throw new ImageError(400, `src must be a path under ${LOCAL_IMAGE_PREFIXES.join(" or ")}, or an https URL of an allowed host`);
}

function localPath(src: string) {
  let pathname: string;
  try {
    pathname = decodeURIComponent(src.replace(/[?#].*$/s, ""));
  } catch {
    throw new ImageError(400, "src is not a valid path");
  }
  const segments = pathname.split("/");
  if (/[\0\\]/.test(pathname) || segments.includes("..") || segments.includes(".")) {
    throw new ImageError(400, "src may not step out of its folder");
  }
  if (!LOCAL_IMAGE_PREFIXES.some((prefix) => pathname.startsWith(prefix))) {
    throw new ImageError(400, `src must be a path under ${LOCAL_IMAGE_PREFIXES.join(" or ")}, or an https URL of an allowed host`);
  }
  return pathname;
}

async function loadLocal(pathname: string, publicDir: string): Promise<Buffer> {
  const demo = DEMO_IMAGE.exec(pathname);
  if (demo) return Buffer.from(demoImageSvg(demo[1]!, Number(demo[2])));
  if (pathname.startsWith("/media/demo/")) throw new ImageError(404, "Image not found");
  // Pro sellers' listing photos live among the uploads, not in public/ (decision 030).
  if (pathname.startsWith(LISTING_PHOTO_PATH)) {
    const photo = await readListingPhoto(pathname);
    if (!photo) throw new ImageError(404, "Image not found");
    return photo.bytes;
  }
  if (!LOCAL_EXTENSIONS.has(path.extname(pathname).toLowerCase())) throw new ImageError(400, "src is not an image file");

  const notFound = new ImageError(404, "Image not found");
  const root = await realpath(publicDir).catch(() => {
    throw notFound;
  });
  // Checked again after resolving links: a symbolic link in public/ must not
  // lead outside it.
  const inside = (file: string) => file.startsWith(root + path.sep);
  const file = path.resolve(root, `.${pathname}`);
  if (!inside(file)) throw new ImageError(400, "src may not step out of its folder");
  const real = await realpath(file).catch(() => {
    throw notFound;
  });
  if (!inside(real)) throw new ImageError(400, "src may not step out of its folder");
  const info = await stat(real);
  if (!info.isFile() || info.size > MAX_SOURCE_BYTES) throw notFound;
  return readFile(real);
}

function remoteUrl(src: string, allowedHosts: readonly string[]) {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    throw new ImageError(400, "src is not a valid URL");
  }
  if (url.username || url.password) throw new ImageError(400, "src may not carry credentials");
  if (!isAllowedImageHost(url, allowedHosts)) throw new ImageError(400, `Images from ${url.host} are not allowed`);
  return url;
}

async function fetchRemote(url: URL, options: ImageSourceOptions): Promise<Buffer> {
  const fetchImpl = options.fetch ?? fetch;
  const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  const cannotLoad = new ImageError(404, "The image could not be loaded");
  let current = url;
  try {
    // Redirects are followed by hand so that every hop meets the allow-list.
    for (let hop = 0; ; hop++) {
      const response = await fetchImpl(current, {
        redirect: "manual",
        signal,
        headers: { accept: "image/avif,image/webp,image/*;q=0.8" },
      });
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        const next = new URL(location, current);
        if (hop >= MAX_REDIRECTS || next.protocol !== "https:" || next.username || next.password || !isAllowedImageHost(next, options.allowedHosts)) {
          throw cannotLoad;
        }
        current = next;
        continue;
      }
      if (!response.ok || !response.body) {
        await response.body?.cancel();
        throw cannotLoad;
      }
      return await readCapped(response.body, Number(response.headers.get("content-length") ?? 0));
    }
  } catch (error) {
    if (error instanceof ImageError) throw error;
    throw cannotLoad;
  }
}

async function readCapped(body: ReadableStream<Uint8Array>, declaredLength: number) {
  if (declaredLength > MAX_SOURCE_BYTES) {
    await body.cancel();
    throw new ImageError(404, "The image is too large");
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    total += value.byteLength;
    // The declared length may be missing or false; the bytes that arrive decide.
    if (total > MAX_SOURCE_BYTES) {
      await reader.cancel();
      throw new ImageError(404, "The image is too large");
    }
    chunks.push(value);
  }
}

/**
 * The dpi at which to draw an SVG so that it comes out at the size asked for:
 * sharper than enlarging a small drawing, quicker than shrinking a big one.
 */
function svgDensity(intrinsic: { width: number; height: number }, image: ResolvedImage) {
  const scaleX = image.width === undefined ? undefined : image.width / intrinsic.width;
  const scaleY = image.height / intrinsic.height;
  const covers = image.fit === "cover" || image.fit === "fill" || image.fit === "outside";
  const scale = scaleX === undefined ? scaleY : covers ? Math.max(scaleX, scaleY) : Math.min(scaleX, scaleY);
  return Math.min(100_000, Math.max(1, SVG_BASE_DENSITY * scale));
}

export type RenderedImage = { body: Buffer; contentType: string; width: number; height: number };

/** `source` resized and converted as `image` says. A source that is not an image is a 404. */
export async function renderImage(source: Buffer, image: ResolvedImage): Promise<RenderedImage> {
  const input = { limitInputPixels: MAX_INPUT_PIXELS, animated: false };
  try {
    let pipeline = sharp(source, input);
    const meta = await pipeline.metadata();
    if (meta.format === "svg" && meta.width && meta.height) {
      pipeline = sharp(source, { ...input, density: svgDensity(meta, image) });
    }
    // Without a colour, padding is transparent, except in JPEG, which has no
    // transparency and would otherwise turn it black.
    const fill = image.background ?? (image.format === "jpeg" ? "#ffffff" : { r: 0, g: 0, b: 0, alpha: 0 });
    pipeline = pipeline.autoOrient().resize({ width: image.width, height: image.height, fit: image.fit, background: fill });
    if (image.background || image.format === "jpeg") pipeline = pipeline.flatten({ background: fill });
    const { data, info } = await encode(pipeline, image.format, image.quality).toBuffer({ resolveWithObject: true });
    return { body: data, contentType: `image/${image.format}`, width: info.width, height: info.height };
  } catch {
    throw new ImageError(404, "The source is not an image that can be read");
  }
}

function encode(pipeline: Sharp, format: ImageFormat, quality: number) {
  switch (format) {
    case "webp":
      return pipeline.webp({ quality });
    case "avif":
      return pipeline.avif({ quality });
    case "jpeg":
      return pipeline.jpeg({ quality, mozjpeg: true });
    case "png":
      // Kept lossless: a quality would quietly switch PNG to a reduced palette.
      return pipeline.png();
  }
}

/** A strong validator: the same bytes always give the same tag. */
export type CachedImage = RenderedImage & { etag: string };

// Every shopper's page asks for the same few hundred renders (a listing's
// cards, a product's gallery), each tens of milliseconds of CPU: the most
// recent are kept, and a render under way is shared with whoever asks for it
// meanwhile. A few hundred small WebP files are a few megabytes.
const recentRenders = lru<Promise<CachedImage>>(400);

/** `src` rendered as `image`: from the recent renders, or loaded and rendered in a free slot. */
export function renderedImage(src: string, image: ResolvedImage, sourceOptions: ImageSourceOptions): Promise<CachedImage> {
  return recentRenders(`${src}\n${JSON.stringify(image)}`, async () => {
    const source = await loadImageSource(src, sourceOptions);
    const output = await inRenderSlot(() => renderImage(source, image));
    return { ...output, etag: imageEtag(output.body) };
  });
}

export function imageEtag(body: Uint8Array) {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

export type ImageMetadata = { width: number; height: number; ratio: number };

/** Spec 8: a picture whose size cannot be read is 0 × 0 with ratio 0. */
export async function imageMetadata(buffer: Uint8Array): Promise<ImageMetadata> {
  try {
    const { autoOrient } = await sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!autoOrient.width || !autoOrient.height) return { width: 0, height: 0, ratio: 0 };
    return { width: autoOrient.width, height: autoOrient.height, ratio: autoOrient.width / autoOrient.height };
  } catch {
    return { width: 0, height: 0, ratio: 0 };
  }
}
