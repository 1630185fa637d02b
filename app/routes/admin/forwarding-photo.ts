import type { LoaderFunctionArgs } from "@remix-run/node";
import { staffParcelPhoto } from "~/models/forwarding/staff-forwards.server";
import { staffFor } from "~/web/admin/guard.server";
import { recordIdOf } from "~/web/admin/record-id";
import { routeCheckFailed } from "~/web/not-found";

// /admin/forwarding/photo/:parcel/:index: a photo the warehouse took of a
// parcel, for staff who read forward requests. Photos were kept only when
// their bytes were the image they claimed to be (uploads/file-kind), and go
// out as that type with nosniff, so a browser never takes one for a page.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "forwarding.read");
  const parcelId = recordIdOf(request, params.parcel);
  const index = Number(params.index);
  if (!Number.isInteger(index) || index < 0 || index > 100) throw routeCheckFailed(request);
  const photo = await staffParcelPhoto(parcelId, index);
  if (!photo) throw routeCheckFailed(request);
  return new Response(new Uint8Array(photo.bytes), {
    headers: {
      "content-type": photo.type,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
