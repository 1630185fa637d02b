import sharp from "sharp";
import { fileKindOf, IMAGE_KINDS } from "./file-kind";

// Whether an image is one: its first bytes only say what it claims to be
// (file-kind.ts), so a PNG signature followed by HTML passes that check.
// Decoding it whole tells; re-encoding it gives bytes that are nothing but
// the pixels, whatever else the file carried (a script after the image's
// end, metadata such as a photo's GPS position).

/** Pixels a decoded image may have: more is a decompression bomb, not a photo of a broken kettle. */
const MAX_INPUT_PIXELS = 100_000_000;
/** The longest side staff are shown; a larger photo is scaled down. */
const MAX_SIDE = 4000;

const open = (bytes: Uint8Array) => sharp(bytes, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS, animated: false });

/** Whether the bytes decode as an image of one of the kinds taken; the decoder's errors are the answer, never thrown. */
export async function imageDecodes(bytes: Uint8Array): Promise<boolean> {
  const kind = fileKindOf(bytes);
  if (!kind || !IMAGE_KINDS.includes(kind)) return false;
  try {
    // Down to a thumbnail so that the whole file is read without holding every pixel.
    await open(bytes).resize(32, 32, { fit: "inside", withoutEnlargement: true }).raw().toBuffer();
    return true;
  } catch {
    return false;
  }
}

/** The image decoded and written anew (a JPEG as JPEG, anything else as PNG), or null when it does not decode. */
export async function reencodeImage(bytes: Uint8Array): Promise<{ bytes: Buffer; type: "image/jpeg" | "image/png" } | null> {
  const kind = fileKindOf(bytes);
  if (!kind || !IMAGE_KINDS.includes(kind)) return null;
  try {
    const image = open(bytes).rotate().resize(MAX_SIDE, MAX_SIDE, { fit: "inside", withoutEnlargement: true });
    return kind === "jpeg" ? { bytes: await image.jpeg({ quality: 90 }).toBuffer(), type: "image/jpeg" } : { bytes: await image.png().toBuffer(), type: "image/png" };
  } catch {
    return null;
  }
}
