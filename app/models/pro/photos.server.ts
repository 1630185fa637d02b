import { checkUpload, IMAGE_KINDS } from "~/models/uploads/file-kind";
import { readUpload, removeUploads, storeUpload } from "~/models/uploads/storage.server";
import { PHOTO_MAX_BYTES, photoPath, storedPhotoName } from "./listing";

// A listing's photos: checked by their content (never by name or the type
// the browser claims), images only, kept among the uploads under
// "listings/" by a random name and served at /media/listings/<name>, which
// the image proxy also reads (decision 030). A photo taken off a listing
// stays on disk: orders and carts keep the picture a product had.

export type CheckedPhoto = { bytes: Uint8Array };

/** The new photos, read and checked before any is kept; a translation key when one is refused. */
export async function checkPhotos(files: readonly File[]): Promise<{ photos: CheckedPhoto[]; error?: string }> {
  const photos: CheckedPhoto[] = [];
  for (const file of files) {
    // Too large is known from the size alone: such a file is never read.
    if (file.size > PHOTO_MAX_BYTES) return { photos: [], error: "pro.errors.photoSize" };
    const bytes = new Uint8Array(await file.arrayBuffer());
    const checked = checkUpload(bytes, IMAGE_KINDS, PHOTO_MAX_BYTES);
    if (!checked.ok) return { photos: [], error: checked.error === "too_large" ? "pro.errors.photoSize" : "pro.errors.photoType" };
    photos.push({ bytes });
  }
  return { photos };
}

/** Keeps the photos, or none of them; their served paths, in order. */
export async function keepPhotos(photos: readonly CheckedPhoto[]): Promise<string[]> {
  const kept: string[] = [];
  try {
    for (const photo of photos) {
      const stored = await storeUpload(photo.bytes, "listings", IMAGE_KINDS, PHOTO_MAX_BYTES);
      if (!stored.ok) throw new Error(`A checked photo was refused: ${stored.error}`);
      kept.push(photoPath(stored.name));
    }
    return kept;
  } catch (error) {
    await forgetPhotos(kept);
    throw error;
  }
}

/** Removes photos kept for a save that did not happen. */
export async function forgetPhotos(paths: readonly string[]) {
  await removeUploads(paths.map(storedPhotoName).filter((name): name is string => name !== null));
}

/** A listing photo's bytes and type by its served path, or null for any other path or a file that is gone. */
export function readListingPhoto(path: string) {
  const name = storedPhotoName(path);
  return name ? readUpload(name) : Promise.resolve(null);
}
