import { getImagePreset, imageSizes, presetImageUrl, srcSet, type ImagePresetName } from "~/lib/image";

type ResponsiveImageProps = {
  src: string;
  /** Empty for a picture that only decorates; the text beside it says what it shows. */
  alt: string;
  preset: ImagePresetName;
  /** Overrides the preset's `sizes` where the layout shows the image at another width. */
  sizes?: string;
  /**
   * The picture's shape, so the browser reserves its space before it loads.
   * Defaults to the preset's box; pass the picture's own size for presets
   * that keep its shape ("inside").
   */
  width?: number;
  height?: number;
  /**
   * The picture fills a box its container's CSS already shapes (a card's
   * square figure): no width or height is written to reserve its space, 26
   * bytes a card that a listing writes 48 times.
   */
  fills?: boolean;
  /** One of the first pictures a shopper sees: loaded at once, ahead of the rest (the page's largest paint). */
  priority?: boolean;
  className?: string;
};

/**
 * An <img> served through the image proxy at the sizes and densities the
 * preset calls for; the browser picks the smallest file that looks sharp.
 */
export function ResponsiveImage({ src, alt, preset, sizes, width, height, fills = false, priority = false, className }: ResponsiveImageProps) {
  const box = getImagePreset(preset);
  const srcset = srcSet(src, preset);
  const presetSizes = imageSizes(preset);
  return (
    <img
      src={presetImageUrl(src, preset)}
      srcSet={srcset}
      // `sizes` only means something beside width descriptors.
      sizes={presetSizes ? (sizes ?? presetSizes) : undefined}
      alt={alt}
      width={fills ? undefined : (width ?? box.width)}
      height={fills ? undefined : (height ?? box.height)}
      // Loading at once is a picture's default, and the browser already
      // decodes off the main thread: only a lazy picture says so (a listing
      // writes 48 of these).
      loading={priority ? undefined : "lazy"}
      // React 18 knows no `fetchPriority` prop; the lowercase attribute passes through.
      {...(priority ? { fetchpriority: "high" } : {})}
      className={className}
    />
  );
}
