import type { LoaderFunctionArgs } from "@remix-run/node";
import { LISTING_PHOTO_PATH } from "~/models/pro/listing";
import { readListingPhoto } from "~/models/pro/photos.server";

// A pro seller's listing photo as it was uploaded (docs/pro.md): checked by
// its content when it was kept, under a random name that is never reused,
// so it may be cached for good. Pages show it through the image proxy
// (/img), which reads the same file; this address is the photo itself.
export async function loader({ params }: LoaderFunctionArgs) {
  const photo = await readListingPhoto(`${LISTING_PHOTO_PATH}${params.name ?? ""}`);
  if (!photo) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(photo.bytes), {
    headers: {
      "content-type": photo.type,
      "content-length": String(photo.bytes.byteLength),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    },
  });
}
