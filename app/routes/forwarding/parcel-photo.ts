import type { LoaderFunctionArgs } from "@remix-run/node";
import { getSessionUser } from "~/web/accounts/sessions.server";
import { parcelPhoto } from "~/models/forwarding/parcels.server";
import { notFound } from "~/web/not-found";

// /my-parcels/photo/{parcel id}/{n}: a photo the warehouse took of one of
// the customer's parcels. Only its owner gets it; anyone else, a guest
// too, finds nothing (a file: no sign-in page in place of an image).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  const parcelId = Number(params.parcel);
  const index = Number(params.index);
  if (!user || !Number.isSafeInteger(parcelId) || parcelId <= 0 || !Number.isSafeInteger(index) || index < 0) throw notFound(request);
  const photo = await parcelPhoto(user.id, parcelId, index);
  if (!photo) throw notFound(request);
  return new Response(new Uint8Array(photo.bytes), {
    headers: {
      "content-type": photo.type,
      "cache-control": "private, no-store",
      // The type was told by the file's content; the browser must not guess another.
      "x-content-type-options": "nosniff",
    },
  });
}
